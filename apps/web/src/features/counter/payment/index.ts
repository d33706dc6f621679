export {
  PaymentDialog,
  type PaymentDialogProps,
  type PaymentProgress,
  type PaymentRateInfo,
  type PayResult,
} from './payment-dialog.tsx';
export type { PointsOffer } from './use-payment-entry.ts';
