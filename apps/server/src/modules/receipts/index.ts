/**
 * Receipts: each store's receipt template, the public receipt of a sale by its code (JSON and the
 * server-drawn page at /receipt/{code}), and the receipt logo. Sales are read through modules/shop.
 */
export { publicReceiptRoutes, receiptPageRoutes, receiptTemplateRoutes } from './receipts.routes.ts';
