import type { DbOrTx } from '../../db/database.ts';
import { ACCOUNT_COLUMNS } from './stored-value.repo.ts';

const TOP = '\uffff';

export interface CardSearch {
  /** A normalised code prefix, or null when the query cannot be one. */
  codePrefix: string | null;
  /** Customers the query finds by their search keys (null: the query names none). */
  customerIds: string[] | null;
  kind?: string;
  status?: 'ACTIVE' | 'BLOCKED' | 'EXPIRED' | 'EMPTY';
  /** Today's business date in the store's timezone (EXPIRED: past its last usable date). */
  today: string;
}

/**
 * The accounts matching a search: a code prefix (a range of the unique (store, code) index) or one
 * of the customers the query found, of a kind and a list status. ACTIVE is what can pay today
 * (active, not expired, holding money); EXPIRED is past its last date; EMPTY holds nothing.
 */
function matching(db: DbOrTx, storeId: string, s: CardSearch) {
  let q = db
    .selectFrom('stored_value_accounts as a')
    .leftJoin('customers as c', (j) => j.onRef('c.store_id', '=', 'a.store_id').onRef('c.id', '=', 'a.customer_id'))
    .where('a.store_id', '=', storeId);
  if (s.codePrefix !== null || s.customerIds !== null) {
    const prefix = s.codePrefix;
    const ids = s.customerIds ?? [];
    if (prefix === null && ids.length === 0) return q.where('a.id', '=', ''); // a query that finds nothing
    q = q.where((eb) =>
      eb.or([
        ...(prefix !== null ? [eb.and([eb('a.code', '>=', prefix), eb('a.code', '<', prefix + TOP)])] : []),
        ...(ids.length > 0 ? [eb('a.customer_id', 'in', ids)] : []),
      ]),
    );
  }
  if (s.kind) q = q.where('a.kind', '=', s.kind);
  switch (s.status) {
    case 'ACTIVE':
      q = q
        .where('a.status', '=', 'ACTIVE')
        .where('a.balance', '>', 0)
        .where((eb) => eb.or([eb('a.expires_at', 'is', null), eb('a.expires_at', '>=', s.today)]));
      break;
    case 'BLOCKED':
      q = q.where('a.status', '=', 'BLOCKED');
      break;
    case 'EXPIRED':
      q = q.where('a.expires_at', '<', s.today);
      break;
    case 'EMPTY':
      q = q.where('a.balance', '=', 0);
      break;
  }
  return q;
}

/** One window of matching accounts, newest first. */
export function searchAccounts(db: DbOrTx, storeId: string, s: CardSearch, offset: number, limit: number) {
  return matching(db, storeId, s)
    .select(ACCOUNT_COLUMNS)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countAccounts(db: DbOrTx, storeId: string, s: CardSearch): Promise<number> {
  const row = await matching(db, storeId, s)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
