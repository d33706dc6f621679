/** Stores: a user's virtual stores, their details and currencies. */
export { storesRoutes } from './stores.routes.ts';
export { insertOwnedStore, toVirtualStore, urlNameTaken } from './stores.service.ts';
export { urlNameExists } from './stores.repo.ts';
