/**
 * Cargo: shipments and their contents, counted together by several devices, arrival into stock
 * through modules/stock, and hand-over to another store directly or by a signed QR.
 */
export { cargoRoutes } from './cargo.routes.ts';
