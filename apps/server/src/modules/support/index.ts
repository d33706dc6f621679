/** Support: a user's question, always stored, and mailed to the server's support address when set. */
export { supportRoutes, SUPPORT_REQUESTS_PER_HOUR } from './support.routes.ts';
export { exportSupportRequests, type SupportExportFormat } from './support.export.ts';
