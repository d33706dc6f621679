/** Files: store images (PNG, JPEG, WebP), checked by their bytes. */
export { filesRoutes } from './files.routes.ts';
