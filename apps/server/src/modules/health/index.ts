/** Health: readiness (with a database round trip) and liveness. */
export { healthRoutes } from './health.routes.ts';
