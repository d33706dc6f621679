import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { ErrorCode } from '@shopdesk/shared';
import { AppError, unauthorized } from '../../core/errors.ts';
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
  const { userId, sessionId, till } = authOf(request);
  return till ? { userId, sessionId, deviceId: till.id } : { userId, sessionId };
}

/**
 * The Scope of a store-scoped `/api/secure` call (product.md §2): the store named by the `X-Store`
 * header (its urlName), else the user's default store. A store the user may not access is answered
 * exactly like a missing one (404); a member who lacks what the route declared is answered 403.
 */
export async function scopeOf(ctx: AppContext, request: FastifyRequest): Promise<Scope> {
  const auth = authOf(request);
  const caller = callerOf(request);
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
  const auth = authOf(request);
  // A till acts in its own store only, with the rights of the member unlocked on it.
  if (auth.till) {
    if (!auth.store || auth.store.store.url_name !== urlName.toLowerCase()) throw storeNotFound();
    return allowed(request, { ...caller, ...auth.store });
  }
  const row = await findAccessibleStoreByUrlName(ctx.db, caller.userId, urlName);
  if (!row) throw storeNotFound();
  return allowed(request, { ...caller, ...splitMember(row) });
}

/** The scope, once the caller's rights meet the permission the route declares (the one place it is decided). */
function allowed(request: FastifyRequest, scope: Caller & StoreAccess): Scope {
  const permission = request.routeOptions.config.permission;
  if (permission === 'TILL' && !scope.deviceId) throw tillOnly();
  if (scope.deviceId && request.routeOptions.config.approvable && carriesApproval(request.body)) return scope;
  assertAllowed(scope.rights, permission);
  return scope;
}

function carriesApproval(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'approval' in body && body.approval !== undefined;
}

/** The roster's verifiers and the PIN check are a till's, never a person's session's (product.md §2). */
const tillOnly = () =>
  new AppError(403, ErrorCode.FORBIDDEN, 'Only a till can do this. Turn this device into a till first.', [
    { field: 'permission', message: 'TILL' },
  ]);
