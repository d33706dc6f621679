/** Auth: sign-up, confirmation, login, sessions and password reset; the user rows other modules read. */
export { authRoutes } from './auth.routes.ts';
export { sessionRoutes } from './session.routes.ts';
export { loggedUser, startSession } from './auth.service.ts';
export { revokeSession, revokeUserSessions } from './sessions.repo.ts';
export { findUserByEmail, findUserById, insertUser, updateUser } from './users.repo.ts';
