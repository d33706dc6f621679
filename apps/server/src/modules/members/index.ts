/** Members: the people of a store (owner and staff), invitations and accepting them. */
export { invitationAuthRoutes, invitationSecureRoutes } from './invitation.routes.ts';
export { membersRoutes } from './members.routes.ts';
export { isWithinRights } from './member-rights.ts';
