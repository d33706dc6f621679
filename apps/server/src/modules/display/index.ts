/**
 * The customer display (product.md §5): pairing a device with the store, the counter's states kept
 * and pushed to paired displays over Server-Sent Events, across app processes.
 */
export { DisplayHub } from './display-hub.ts';
export { displayPublicRoutes } from './display-public.routes.ts';
export { displayRoutes } from './display.routes.ts';
