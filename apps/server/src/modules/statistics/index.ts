/**
 * Statistics: sales reports read from aggregates kept exact by the shop module, which calls
 * recordStatRows (with a sale's rows from saleStatRows) and recordRefund inside the database
 * transaction of each completed sale and refund (on SQLite their product figures wait a second for
 * the fold: statistics-fold.ts).
 */
export { statisticsRoutes } from './statistics.routes.ts';
export { foldProductsTask, startProductFold } from './statistics-fold.ts';
export { recordRefund, recordStatRows, saleStatRows } from './statistics-recorder.ts';
export type { RefundForStatistics, SaleForStatistics, StatRows } from './statistics-recorder.ts';
