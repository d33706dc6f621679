/** Till mode: members' PINs, the till's roster and lock settings, the PIN check (product.md §2). */
export { tillRoutes } from './till.routes.ts';
