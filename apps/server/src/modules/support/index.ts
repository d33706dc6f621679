/** Support (issue 12): a user's question, stored and mailed to the server's support address. */
export { supportRoutes, SUPPORT_REQUESTS_PER_HOUR } from './support.routes.ts';
