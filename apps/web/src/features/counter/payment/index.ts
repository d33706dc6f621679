export { PaymentDialog, type PaymentDialogProps, type PaymentRateInfo, type PayResult } from './payment-dialog.tsx';
