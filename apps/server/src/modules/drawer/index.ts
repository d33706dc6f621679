/** Drawer: opening the cash drawer without a sale ("No sale"), recorded in the audit log. */
export { drawerRoutes } from './no-sale.routes.ts';
