import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { unauthorized } from '../../core/errors.ts';
import { storeHeaderOf } from '../../lib/store-header.ts';
import type { AuthInfo } from './access.guard.ts';
import { findAccessibleStoreByUrlName, findDefaultStore } from './access.repo.ts';
import { assertAllowed, splitMember } from './rights.ts';
import { storeNotFound, type Caller, type Scope, type StoreAccess } from './scope.ts';

/*
 * What routes call to turn a request into the Caller or Scope they hand to a service. Only routes
 * use these: services never see the request.
 */

function authOf(request: FastifyRequest): AuthInfo {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The logged-in caller of a `/api/secure` request (the guard has run). */
export function callerOf(request: FastifyRequest): Caller {
  const { userId, sessionId } = authOf(request);
  return { userId, sessionId };
}

/**
 * The Scope of a store-scoped `/api/secure` call (product.md §2): the store named by the `X-Store`
 * header (its urlName), else the user's default store. A store the user may not access is answered
 * exactly like a missing one (404); a member who lacks what the route declared is answered 403.
 */
export async function scopeOf(ctx: AppContext, request: FastifyRequest): Promise<Scope> {
  const auth = authOf(request);
  const caller = { userId: auth.userId, sessionId: auth.sessionId };
  const urlName = storeHeaderOf(request);
  if (!urlName) {
    const row = await findDefaultStore(ctx.db, auth.userId);
    if (!row) throw storeNotFound();
    return allowed(request, { ...caller, ...splitMember(row) });
  }
  // Usually read by the guard together with the session.
  if (auth.store !== undefined) {
    if (!auth.store) throw storeNotFound();
    return allowed(request, { ...caller, ...auth.store });
  }
  return scopeForStore(ctx, request, urlName);
}

/** The Scope of a call that names its store in the path (file URLs, store settings) rather than X-Store. */
export async function scopeForStore(ctx: AppContext, request: FastifyRequest, urlName: string): Promise<Scope> {
  const caller = callerOf(request);
  const row = await findAccessibleStoreByUrlName(ctx.db, caller.userId, urlName);
  if (!row) throw storeNotFound();
  return allowed(request, { ...caller, ...splitMember(row) });
}

/** The scope, once the caller's rights meet the permission the route declares (the one place it is decided). */
function allowed(request: FastifyRequest, scope: Caller & StoreAccess): Scope {
  assertAllowed(scope.rights, request.routeOptions.config.permission);
  return scope;
}
