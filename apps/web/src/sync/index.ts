/**
 * The offline sale queue: every sale the counter finishes goes through `submitSale`, which makes
 * it durable on the device first and lets the sync loop deliver it exactly once, in order.
 */
export { submitSale, queueKeyOf, SUBMIT_TIMEOUT_MS, type SubmitSaleResult } from './submit-sale.ts';
export { startSaleSync } from './sync-loop.ts';
export { useSaleQueue, pendingSaleCount, type SaleQueue } from './use-sale-queue.ts';
export type { QueuedSale, SalePreview, SaleRefusal, SaleRequest, SyncProblem } from './sale-queue-db.ts';
export { SaleQueueIndicator, type SaleQueueIndicatorProps } from './components/sale-queue-indicator.tsx';
export { SaleQueueDrawer } from './components/sale-queue-drawer.tsx';
