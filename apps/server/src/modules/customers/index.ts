/** Customers and points: customers of a store, their search, the loyalty settings, adjustments and expiry. */
export { customersRoutes } from './customers.routes.ts';
export { matchingCustomerIds } from './customers.service.ts';
export { keepCustomerEmail } from './customer-email.ts';
export { loyaltyOf } from '../loyalty/index.ts';
export { expirePoints, startPointsExpiry } from './points-expiry.ts';
