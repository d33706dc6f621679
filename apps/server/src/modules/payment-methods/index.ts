/** Payment methods: a store's named tenders, what its sales record and its reports break down by. */
export { paymentMethodsRoutes } from './payment-methods.routes.ts';
export { methodsForTenders, storeMethods, type StoreMethods } from './payment-methods.service.ts';
