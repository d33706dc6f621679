/**
 * Statistics: sales reports read from aggregates kept exact by the shop module, which calls
 * recordSale / recordRefund inside the database transaction of each completed sale and refund.
 */
export { statisticsRoutes } from './statistics.routes.ts';
export { recordRefund, recordSale, saleStatRows } from './statistics-recorder.ts';
export type { RefundForStatistics, SaleForStatistics, StatRows } from './statistics-recorder.ts';
