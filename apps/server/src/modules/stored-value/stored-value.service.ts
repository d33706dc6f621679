import {
  isMemberCode,
  normalizeCardCode,
  type CustomerStoredValue,
  type StoredValueDetail,
  type StoredValueFilter,
  type StoredValueWindow,
} from '@shopdesk/shared';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../core/errors.ts';
import { dateIn } from '../../lib/zoned-date.ts';
import type { Scope } from '../access/index.ts';
import { matchingCustomerIds } from '../customers/index.ts';
import { countAccounts, searchAccounts, type CardSearch } from './card-search.repo.ts';
import { creditByMemberCodeQuery } from './sale-stored-value.repo.ts';
import * as repo from './stored-value.repo.ts';
import { detailFor, toAccount } from './stored-value-views.ts';

export const cardNotFound = () => notFound('There is no gift card or store credit with this code in this store.');

/**
 * The account a code names: a card's code as typed or scanned (spaces, dashes, full-width and lower
 * case read the same), or a customer's member code, which names their store credit.
 */
export async function findAccount(db: DbOrTx, storeId: string, raw: string): Promise<repo.AccountRow | undefined> {
  const code = normalizeCardCode(raw);
  const account = await repo.accountByCode(db, storeId, code);
  if (account || !isMemberCode(code)) return account;
  const credit = await creditByMemberCodeQuery(db as Db, storeId, code).executeTakeFirst();
  return credit ? repo.accountById(db, storeId, credit.id) : undefined;
}

/** The detail of an account as this caller may see it (detailFor). */
export function detailOf(ctx: AppContext, scope: Scope, row: repo.AccountRow): Promise<StoredValueDetail> {
  return detailFor(scope.rights, row, () => repo.entriesOf(ctx.db, scope.store.id, row.id));
}

/** `GET /stored-value/code/{code}`: the card or the member's store credit; 404 for none. */
export async function getByCode(ctx: AppContext, scope: Scope, code: string): Promise<StoredValueDetail> {
  const row = await findAccount(ctx.db, scope.store.id, code);
  if (!row) throw cardNotFound();
  return detailOf(ctx, scope, row);
}

/** A customer's store credit: the balance for a seller, with its entries for REPORTS; null before any. */
export async function customerCredit(ctx: AppContext, scope: Scope, customerId: string): Promise<CustomerStoredValue> {
  const storeId = scope.store.id;
  if (!(await repo.customerExists(ctx.db, storeId, customerId))) {
    throw notFound('This customer is not in this store.');
  }
  const row = await repo.creditOfCustomer(ctx.db, storeId, customerId);
  if (!row) return { account: null, entries: [] };
  return detailOf(ctx, scope, row);
}

/** Today's business date of the store: what a card's last usable date is compared with. */
export function todayOf(ctx: AppContext, scope: Pick<Scope, 'store'>): string {
  return dateIn(ctx.clock.now(), scope.store.timezone);
}

/**
 * `GET /stored-value/search/window/{page}/{size}`: newest first. `q` is a code prefix (as the
 * code is normalised) or a customer found by the customer search's keys (at most its cap of
 * customers); `status` as the list shows it.
 */
export async function searchWindow(
  ctx: AppContext,
  scope: Scope,
  page: number,
  size: number,
  filter: StoredValueFilter,
): Promise<StoredValueWindow> {
  const storeId = scope.store.id;
  const q = filter.q?.trim() ?? '';
  let search: CardSearch = { codePrefix: null, customerIds: null, today: todayOf(ctx, scope) };
  if (filter.kind) search = { ...search, kind: filter.kind };
  if (filter.status) search = { ...search, status: filter.status };
  if (q.length > 0) {
    const code = normalizeCardCode(q);
    search = {
      ...search,
      codePrefix: /^[0-9A-Z]{1,32}$/.test(code) ? code : null,
      customerIds: await matchingCustomerIds(ctx.db, storeId, q),
    };
  }
  const offset = page * size;
  const rows = await searchAccounts(ctx.db, storeId, search, offset, size);
  // A short page that is not past the end already tells the total.
  const total =
    rows.length < size && (rows.length > 0 || offset === 0)
      ? offset + rows.length
      : await countAccounts(ctx.db, storeId, search);
  return { items: rows.map(toAccount), page, size, total };
}
