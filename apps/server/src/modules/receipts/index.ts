/**
 * Receipts: each store's receipt template, the public receipt of a sale by its code (JSON and the
 * server-drawn page at /receipt/{code}), the receipt logo, and a sale's receipt by mail (from the
 * counter's route here, from a customer display through `sendReceiptMail`). Sales are read through
 * modules/shop.
 */
export { publicReceiptRoutes, receiptPageRoutes, receiptTemplateRoutes } from './receipts.routes.ts';
export { receiptMailRoutes } from './receipt-mail.routes.ts';
export {
  DISPLAY_RECEIPT_MAIL_MS,
  sendReceiptMail,
  type ReceiptMailAsker,
  type ReceiptMailRequest,
} from './receipt-mail.service.ts';
export { qrSvg } from './receipt-qr.ts';
export { logoImageId } from './receipts.service.ts';
