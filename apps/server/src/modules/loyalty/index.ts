/**
 * The points ledger's writers for sales and refunds, and a store's loyalty settings: below both
 * shop (which sells) and customers (which manages them), so neither depends on the other.
 */
export { loyaltyOf } from './loyalty-settings.ts';
export {
  applyCustomerRefund,
  applyCustomerSale,
  customerForSaleQuery,
  findCustomerForSale,
  type CustomerRefundWrite,
  type CustomerSaleWrite,
} from './customer-sales.repo.ts';
