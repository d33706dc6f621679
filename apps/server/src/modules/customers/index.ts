/** Customers and points: customers of a store, their search, the loyalty settings, adjustments and expiry. */
export { customersRoutes } from './customers.routes.ts';
export { loyaltyOf } from './loyalty.service.ts';
export { findCustomerForSale } from './customer-lookup.ts';
export { expirePoints, startPointsExpiry } from './points-expiry.ts';
export {
  applyCustomerRefund,
  applyCustomerSale,
  type CustomerRefundWrite,
  type CustomerSaleWrite,
} from './customer-sales.repo.ts';
