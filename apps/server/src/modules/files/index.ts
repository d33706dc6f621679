/** Files: store images (PNG, JPEG, WebP), checked by their bytes. */
export { filesRoutes } from './files.routes.ts';
export { deleteFiles } from './files.service.ts';
export { hasImage } from './files.service.ts';
