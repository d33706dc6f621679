/**
 * Gift cards and store credit (product.md §5): the ledger's writers for sales and refunds, a
 * store's settings, new card codes, the management routes and the daily expiry; below shop (which
 * sells and spends them).
 */
export { newCardCode } from './card-codes.ts';
export { expireCards, startCardExpiry } from './card-expiry.ts';
export { storedValueSettingsOf } from './stored-value-settings.ts';
export { storedValueRoutes } from './stored-value.routes.ts';
export {
  accountByCodeQuery,
  applyStoredValueRefund,
  applyStoredValueSale,
  creditByMemberCodeQuery,
  type StoredValueRefundMove,
  type StoredValueSaleOutcome,
  type StoredValueSaleWrite,
  type StoredValueSpend,
} from './sale-stored-value.repo.ts';
export { creditOfCustomer } from './stored-value.repo.ts';
