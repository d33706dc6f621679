import { createHash } from 'node:crypto';
import {
  ErrorCode,
  readCustomerQuery,
  seesCustomerDetails,
  type CreateCustomerBodySchema,
  type Customer,
  type CustomerAtCounter,
  type CustomerWindow,
} from '@shopdesk/shared';
import type { z } from 'zod';
import { isUniqueViolation, type DbOrTx } from '../../db/database.ts';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import type { Scope } from '../access/index.ts';
import { recordAudit } from '../audit/index.ts';
import { assertCanCreate } from '../plans/index.ts';
import {
  customerColumns,
  newCustomerRow,
  newMemberCode,
  normalizeCode,
  searchKeysOf,
  toCustomer,
  toCustomerAtCounter,
  type CustomerInput,
} from './customer-fields.ts';
import * as repo from './customers.repo.ts';

type CreateCustomer = z.output<typeof CreateCustomerBodySchema>;

export const customerNotFound = () => notFound('This customer is not in this store.');

/** Attempts at a create whose new member code was taken meanwhile (1 in 10^10 each). */
const CODE_TRIES = 5;

/** The full record with REPORTS, the counter's view otherwise (like a product's cost: `seesCost`). */
export function viewFor(scope: Scope, row: repo.CustomerRow): Customer | CustomerAtCounter {
  return seesCustomerDetails(scope.rights) ? toCustomer(row) : toCustomerAtCounter(row);
}

/**
 * What a create asks for, in a fixed order: the same clientId with the same fingerprint is a retry
 * (the first customer answers), with another one a reused clientId (409).
 */
function createFingerprint(input: CustomerInput): string {
  const canonical = [input.name, input.nameKana, input.phone, input.email, input.note, input.marketingConsent];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url');
}

/** A create repeated with its clientId: the first customer, or 409 when the body differs. */
function replayOf(row: repo.CustomerRow, hash: string): { customer: Customer; created: false } {
  if (row.request_hash !== hash) {
    throw new AppError(
      409,
      ErrorCode.CLIENT_ID_REUSED,
      'This clientId was already used for a different customer. Make a new clientId for a new customer.',
    );
  }
  return { customer: toCustomer(row), created: false };
}

/**
 * Creates a customer with a new member code, in one transaction with the free plan's per-store
 * claim, so a refused create writes nothing. With a clientId, a retry answers the first customer.
 */
export async function createCustomer(
  ctx: AppContext,
  scope: Scope,
  body: CreateCustomer,
): Promise<{ customer: Customer; created: boolean }> {
  const { store, userId } = scope;
  const hash = createFingerprint(body);
  const clientId = body.clientId ?? null;
  for (let attempt = 1; ; attempt++) {
    if (clientId) {
      const earlier = await repo.findByClientId(ctx.db, store.id, clientId);
      if (earlier) return replayOf(earlier, hash);
    }
    const row = newCustomerRow(store.id, body, {
      code: newMemberCode(),
      clientId,
      requestHash: clientId ? hash : null,
      userId,
      now: iso(ctx.clock.now()),
    });
    try {
      await ctx.db.transaction().execute(async (trx) => {
        await assertCanCreate(trx, ctx, store.owner_id, 'customers', 1, { storeId: store.id });
        await repo.insertCustomers(trx, [row]);
        await repo.insertSearchKeys(trx, store.id, [{ customerId: row.id, keys: searchKeysOf(row) }]);
      });
      return { customer: toCustomer(row), created: true };
    } catch (error) {
      // A code drawn twice, or the same clientId created at once by two requests: look again.
      if (!isUniqueViolation(error) || attempt >= CODE_TRIES) throw error;
    }
  }
}

export async function getCustomer(ctx: AppContext, scope: Scope, id: string): Promise<Customer | CustomerAtCounter> {
  const row = await repo.findCustomer(ctx.db, scope.store.id, id);
  if (!row) throw customerNotFound();
  return viewFor(scope, row);
}

/** By the member code on the card (scanned or typed; full-width digits and lower case read the same). */
export async function getCustomerByCode(
  ctx: AppContext,
  scope: Scope,
  code: string,
): Promise<Customer | CustomerAtCounter> {
  const row = await repo.findCustomerByCode(ctx.db, scope.store.id, normalizeCode(code));
  if (!row) throw customerNotFound();
  return viewFor(scope, row);
}

export async function updateCustomer(
  ctx: AppContext,
  scope: Scope,
  id: string,
  body: CustomerInput,
): Promise<Customer> {
  const { store } = scope;
  return ctx.db.transaction().execute(async (trx) => {
    const current = await repo.findCustomer(trx, store.id, id);
    if (!current) throw customerNotFound();
    const patch = { ...customerColumns(body), updated_at: iso(ctx.clock.now()) };
    await repo.updateCustomer(trx, store.id, id, patch);
    const next = { ...current, ...patch };
    await repo.replaceSearchKeys(trx, store.id, [{ customerId: id, keys: searchKeysOf(next) }]);
    return toCustomer(next);
  });
}

/**
 * Anonymises a customer (product.md §4 Customer): name, phone, email and note emptied, no longer
 * found, their sales unlinked (amounts kept, not who bought), their points entries kept as the
 * ledger. The member code stays taken so an old card never finds someone else. The audit event
 * names the code only: the person's name must not outlive the deletion there.
 */
export async function deleteCustomer(ctx: AppContext, scope: Scope, id: string): Promise<void> {
  const { store } = scope;
  await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.findCustomer(trx, store.id, id);
    if (!current) throw customerNotFound();
    const now = iso(ctx.clock.now());
    await repo.updateCustomer(trx, store.id, id, {
      ...customerColumns({ name: '', nameKana: '', phone: '', email: '', note: '', marketingConsent: false }),
      updated_at: now,
      deleted_at: now,
    });
    await repo.replaceSearchKeys(trx, store.id, [{ customerId: id, keys: [] }]);
    await repo.unlinkSales(trx, store.id, id);
    await recordAudit(trx, scope, {
      action: 'CUSTOMER_DELETE',
      entity: 'CUSTOMER',
      entityCode: current.code,
      at: ctx.clock.now(),
    });
  });
}

/**
 * A window of customers matching `q` (customer-search.ts: word prefixes of name and furigana,
 * email, code; phone digits and their last four), sorted by name, last visit or total spent.
 */
export async function searchWindow(
  ctx: AppContext,
  scope: Scope,
  page: number,
  size: number,
  query: { q?: string; sort?: repo.CustomerSort },
): Promise<CustomerWindow | { items: CustomerAtCounter[]; page: number; size: number; total: number }> {
  const { store } = scope;
  const filter: repo.CustomerFilter = { ...readCustomerQuery(query.q ?? ''), sort: query.sort ?? 'name' };
  const offset = page * size;
  // A query reads its matches by their keys (at most repo.MATCH_CAP: anonymised customers have none).
  const ids = filter.text.length > 0 ? await repo.matchingIds(ctx.db, store.id, filter) : null;
  const rows = await repo.searchCustomers(ctx.db, store.id, ids, filter.sort, offset, size);
  // A short page that is not past the end already tells the total (as the product search does).
  const total =
    ids !== null
      ? ids.length
      : rows.length < size && (rows.length > 0 || offset === 0)
        ? offset + rows.length
        : await repo.countCustomers(ctx.db, store.id);
  if (seesCustomerDetails(scope.rights)) return { items: rows.map(toCustomer), page, size, total };
  return { items: rows.map(toCustomerAtCounter), page, size, total };
}

/**
 * The ids of the live customers a query finds by their search keys (name and furigana word
 * prefixes, email, member code, phone digits), at most repo.MATCH_CAP: for other modules' searches
 * by customer (the gift card and store credit list).
 */
export async function matchingCustomerIds(db: DbOrTx, storeId: string, q: string): Promise<string[]> {
  const filter: repo.CustomerFilter = { ...readCustomerQuery(q), sort: 'name' };
  if (filter.text.length === 0) return [];
  return repo.matchingIds(db, storeId, filter);
}
