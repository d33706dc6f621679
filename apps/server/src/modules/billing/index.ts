/**
 * Billing: subscriptions, invoices and the payment providers (product.md §7). The only writer of
 * `users.premium`; the limits that premium lifts live in modules/plans.
 */
export { billingRoutes, billingWebhookRoutes } from './billing.routes.ts';
export { endBillingOf, providerOf, settleLapsed, settleUser } from './billing.service.ts';
