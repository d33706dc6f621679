/**
 * Shop: the counter's sales (parked carts, completed sales, refunds) and their lists. Stock moves
 * through `modules/stock`, the monthly free-tier count through `modules/plans`.
 */
export { shopRoutes } from './shop.routes.ts';
export { readTransaction } from './checkout.service.ts';
export { storeRefundTask } from './refund-write.ts';
export { storeSaleTask } from './sale-write.ts';
export { forgetProductInLines } from './transactions.repo.ts';
