import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { CustomersTable } from '../../db/types.ts';

export type CustomerRow = Selectable<CustomersTable>;

/** Binary order's top of the Basic Multilingual Plane: `key < q + TOP` is "key starts with q". */
const TOP = '\uffff';

export async function insertCustomers(db: DbOrTx, rows: Insertable<CustomersTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('customers').values(rows).execute();
}

/** A live (not anonymised) customer of the store. */
export function findCustomer(db: DbOrTx, storeId: string, id: string): Promise<CustomerRow | undefined> {
  return db
    .selectFrom('customers')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findCustomerByCode(db: DbOrTx, storeId: string, code: string): Promise<CustomerRow | undefined> {
  return db
    .selectFrom('customers')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('code', '=', code)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The customer a device's create made under `clientId` (anonymised or not). */
export function findByClientId(db: DbOrTx, storeId: string, clientId: string): Promise<CustomerRow | undefined> {
  return db
    .selectFrom('customers')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

/** Customers with these codes or client ids, anonymised ones too (their codes stay taken). */
export async function findByCodesOrClientIds(
  db: DbOrTx,
  storeId: string,
  codes: string[],
  clientIds: string[],
): Promise<CustomerRow[]> {
  if (codes.length === 0 && clientIds.length === 0) return [];
  return db
    .selectFrom('customers')
    .selectAll()
    .where('store_id', '=', storeId)
    .where((eb) =>
      eb.or([
        ...(codes.length > 0 ? [eb('code', 'in', codes)] : []),
        ...(clientIds.length > 0 ? [eb('client_id', 'in', clientIds)] : []),
      ]),
    )
    .execute();
}

export async function codesTaken(db: DbOrTx, storeId: string, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .selectFrom('customers')
    .select('code')
    .where('store_id', '=', storeId)
    .where('code', 'in', codes)
    .execute();
  return new Set(rows.map((r) => r.code));
}

export async function updateCustomer(
  db: DbOrTx,
  storeId: string,
  id: string,
  patch: Updateable<CustomersTable>,
): Promise<void> {
  await db.updateTable('customers').set(patch).where('store_id', '=', storeId).where('id', '=', id).execute();
}

/** Replaces the customer's search keys (none: they are no longer found). */
export async function replaceSearchKeys(
  db: DbOrTx,
  storeId: string,
  entries: Array<{ customerId: string; keys: string[] }>,
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .deleteFrom('customer_search_keys')
    .where('store_id', '=', storeId)
    .where(
      'customer_id',
      'in',
      entries.map((e) => e.customerId),
    )
    .execute();
  await insertSearchKeys(db, storeId, entries);
}

/** Adds search keys of customers that have none yet (new ones). */
export async function insertSearchKeys(
  db: DbOrTx,
  storeId: string,
  entries: Array<{ customerId: string; keys: string[] }>,
): Promise<void> {
  const rows = entries.flatMap((e) => e.keys.map((key) => ({ store_id: storeId, key, customer_id: e.customerId })));
  // 3 parameters a row: well under every engine's bound-parameter limit per statement.
  for (let i = 0; i < rows.length; i += 2000) {
    await db
      .insertInto('customer_search_keys')
      .values(rows.slice(i, i + 2000))
      .execute();
  }
}

/** Unlinks the customer's sales (they keep their amounts, not who bought). */
export async function unlinkSales(db: DbOrTx, storeId: string, customerId: string): Promise<void> {
  await db
    .updateTable('shop_transactions')
    .set({ customer_id: null, customer_code: null, customer_name: null })
    .where('store_id', '=', storeId)
    .where('customer_id', '=', customerId)
    .execute();
}

export type CustomerSort = 'name' | 'recent' | 'spent';

export interface CustomerFilter {
  /** Folded text; '' = every live customer. */
  text: string;
  /** Phone or code digits of the query; '' when it has fewer than 3. */
  digits: string;
  sort: CustomerSort;
}

/** The query's prefixes: its folded text and, when it has 3 or more, its digits. */
const prefixesOf = (filter: CustomerFilter) => [...new Set([filter.text, filter.digits].filter((p) => p.length > 0))];

/**
 * The most customers one search reads (the counter's and the list's): a query matching more (a
 * name's first letter in a store of 100k) answers the first MATCH_CAP by its keys, sorted, and a
 * total of MATCH_CAP: a person types on until the one they look for shows. Reading every match
 * and sorting it took a second at 100k customers (issue 42's budget: p95 < 50 ms).
 */
export const MATCH_CAP = 500;
/** Key rows read to find MATCH_CAP customers (a customer has a few keys that may share a prefix). */
const KEY_ROWS = MATCH_CAP * 4;

/**
 * The ids of the customers whose keys start with the query's text or digits, by key, at most
 * MATCH_CAP. One range per prefix, each read in the index's order and stopped at its limit: an OR
 * of two ranges made SQLite sort every match first (all 100k when every phone starts with 090).
 */
export async function matchingIds(db: DbOrTx, storeId: string, filter: CustomerFilter): Promise<string[]> {
  const ranges = await Promise.all(
    prefixesOf(filter).map((p) =>
      db
        .selectFrom('customer_search_keys')
        .select('customer_id')
        .where('store_id', '=', storeId)
        .where('key', '>=', p)
        .where('key', '<', p + TOP)
        .orderBy('key')
        .limit(KEY_ROWS)
        .execute(),
    ),
  );
  return [...new Set(ranges.flat().map((r) => r.customer_id))].slice(0, MATCH_CAP);
}

/** Live customers, all (`ids` null) or of these ids, in the window's order. */
export async function searchCustomers(
  db: DbOrTx,
  storeId: string,
  ids: readonly string[] | null,
  sort: CustomerSort,
  offset: number,
  limit: number,
): Promise<CustomerRow[]> {
  if (ids !== null && ids.length === 0) return [];
  let query = db.selectFrom('customers').selectAll().where('store_id', '=', storeId).where('deleted_at', 'is', null);
  if (ids !== null) query = query.where('id', 'in', ids);
  if (sort === 'recent') {
    // Never-seen customers last on both engines (PostgreSQL sorts NULL first when descending).
    query = query.orderBy(sql`last_visit_at is null`).orderBy('last_visit_at', 'desc');
  } else if (sort === 'spent') query = query.orderBy('total_spent', 'desc');
  return query.orderBy('name').orderBy('id').offset(offset).limit(limit).execute();
}

/** How many live customers the store has (a search's total is its matches, at most MATCH_CAP). */
export async function countCustomers(db: DbOrTx, storeId: string): Promise<number> {
  const row = await db
    .selectFrom('customers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('store_id', '=', storeId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every live customer after `code` in code order (the export's keyset pages). */
export function customersAfterCode(
  db: DbOrTx,
  storeId: string,
  after: string | null,
  limit: number,
): Promise<CustomerRow[]> {
  let query = db.selectFrom('customers').selectAll().where('store_id', '=', storeId).where('deleted_at', 'is', null);
  if (after !== null) query = query.where('code', '>', after);
  return query.orderBy('code').limit(limit).execute();
}
