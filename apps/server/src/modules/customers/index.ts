/** Customers and their points (product.md §4 Customer, LoyaltyEntry). */
export { loyaltyOf } from './loyalty-settings.ts';
export {
  applyCustomerRefund,
  applyCustomerSale,
  customerForSale,
  type CustomerRefundWrite,
  type CustomerSaleWrite,
} from './customer-sales.repo.ts';
