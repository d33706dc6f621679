import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { unauthorized } from '../../lib/errors.ts';
import { storeHeaderOf } from '../../lib/store-header.ts';
import type { AuthInfo } from './access.guard.ts';
import { findAccessibleStoreByUrlName, findDefaultStore } from './access.repo.ts';
import { storeNotFound, type Caller, type Scope } from './scope.ts';

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
 * exactly like a missing one.
 */
export async function scopeOf(ctx: AppContext, request: FastifyRequest): Promise<Scope> {
  const auth = authOf(request);
  const caller = { userId: auth.userId, sessionId: auth.sessionId };
  const urlName = storeHeaderOf(request);
  if (!urlName) {
    const store = await findDefaultStore(ctx.db, auth.userId);
    if (!store) throw storeNotFound();
    return { ...caller, store };
  }
  // Usually read by the guard together with the session.
  if (auth.store !== undefined) {
    if (!auth.store) throw storeNotFound();
    return { ...caller, store: auth.store };
  }
  return scopeForStore(ctx, request, urlName);
}

/** The Scope of a call that names its store in the path (file URLs, store settings) rather than X-Store. */
export async function scopeForStore(ctx: AppContext, request: FastifyRequest, urlName: string): Promise<Scope> {
  const caller = callerOf(request);
  const store = await findAccessibleStoreByUrlName(ctx.db, caller.userId, urlName);
  if (!store) throw storeNotFound();
  return { ...caller, store };
}
