/** Profile: the logged user's own details, default store and password. */
export { profileRoutes } from './profile.routes.ts';
