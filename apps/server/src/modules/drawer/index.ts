/** Drawer: opening the cash drawer without a sale ("No sale"), recorded in the audit log (issue 26). */
export { drawerRoutes } from './no-sale.routes.ts';
