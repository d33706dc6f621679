import type { FastifyRequest } from 'fastify';
import type { StoreRow } from '../db/types.ts';
import { findAccessibleStoreById, findAccessibleStoreByUrlName } from '../modules/stores/stores.repo.ts';
import { requireAuth } from './auth-guard.ts';
import type { AppContext } from './context.ts';
import { notFound } from './errors.ts';
import { storeHeaderOf } from './store-header.ts';
import { findUserById } from '../modules/auth/users.repo.ts';

export const storeNotFound = () => notFound('We could not find this store.');

/**
 * The store a store-scoped `/api/secure` call acts on (product.md §2): the one named by the
 * `X-Store` header (its urlName), else the user's default store. A store the user may not access
 * is answered exactly like a missing one. Every store-scoped service calls this first.
 */
export async function resolveStore(ctx: AppContext, request: FastifyRequest): Promise<StoreRow> {
  const auth = requireAuth(request);
  const { userId } = auth;
  const urlName = storeHeaderOf(request);
  if (urlName) {
    // Usually read by the auth guard together with the session.
    if (auth.store !== undefined) {
      if (!auth.store) throw storeNotFound();
      return auth.store;
    }
    const store = await findAccessibleStoreByUrlName(ctx.db, userId, urlName);
    if (!store) throw storeNotFound();
    return store;
  }
  const user = await findUserById(ctx.db, userId);
  const store = user?.default_store_id
    ? await findAccessibleStoreById(ctx.db, userId, user.default_store_id)
    : undefined;
  if (!store) throw storeNotFound();
  return store;
}
