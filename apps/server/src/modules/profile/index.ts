/** Profile: the logged user's own details, default store and password, and closing the account. */
export { profileRoutes } from './profile.routes.ts';
