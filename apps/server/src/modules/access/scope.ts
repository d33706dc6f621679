import type { StoreRights } from '@shopdesk/shared';
import type { StoreRow } from '../../db/types.ts';
import { notFound } from '../../core/errors.ts';

/** Who is calling: the user and the session of a `/api/secure` request, once the guard has checked it. */
export interface Caller {
  userId: string;
  sessionId: string;
  /**
   * The till the call comes from (till_devices.id), whose token it carries; absent from a person's
   * own session. `userId` is then the member unlocked on the till.
   */
  deviceId?: string;
}

/**
 * What every store-scoped service acts on: the caller and the store the call resolved to (a store
 * the caller may access). Services take a Scope, never an HTTP request, so a route, an import
 * worker, the offline-sales sync or a test call them the same way.
 */
export interface Scope extends Caller, StoreAccess {}

/** A store and what the caller may do there (their member row: the owner's, or a member's). */
export interface StoreAccess {
  store: StoreRow;
  rights: StoreRights;
}

/** A store the caller may not access is answered exactly like a missing one (product.md §2). */
export const storeNotFound = () => notFound('We could not find this store.');
