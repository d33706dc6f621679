/**
 * Receipts: each store's receipt template, the public receipt of a sale by its code (JSON and the
 * server-drawn page at /receipt/{code}), the receipt logo, and a sale's receipt by mail. Sales are
 * read through modules/shop.
 */
export { publicReceiptRoutes, receiptPageRoutes, receiptTemplateRoutes } from './receipts.routes.ts';
export { sendReceiptMail, type ReceiptMailAsker, type ReceiptMailRequest } from './receipt-mail.service.ts';
export { qrSvg } from './receipt-qr.ts';
export { logoImageId } from './receipts.service.ts';
