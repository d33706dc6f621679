/**
 * Access: who is calling and which store a call acts on. The auth guard, the Scope every
 * store-scoped service takes, and the only queries that decide which stores a user may access.
 */
export { authGuard, type AuthCache, type AuthInfo } from './access.guard.ts';
export { callerOf, scopeForStore, scopeOf } from './access.http.ts';
export { findAccessibleStoreById, findAccessibleStoreByUrlName, listAccessibleStores } from './access.repo.ts';
export { assertAllowed, forbidden, splitMember, type RoutePermission } from './rights.ts';
export { storeNotFound, type Caller, type Scope, type StoreAccess } from './scope.ts';
export { actorOf, type ActionNeeds, type Actor, type TillActors } from './till-actor.ts';
export { signGrant } from './till-approval.ts';
export { hashTillSecret, tillTokenOf, type TillUse } from './till-auth.ts';
export { findMemberRights, type MemberColumns } from './access.repo.ts';
export { rightsOf } from './rights.ts';
