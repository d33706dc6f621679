import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';

/**
 * The ledger read at a moment or over a period (the liability and the report): sums of entries in a
 * range of `at`, which the (store_id, at) index serves; each entry joins its account by primary key
 * for its kind. A balance at a moment is the sum of the account's entries before it.
 */

/** Per kind: the accounts holding money just before `before` and what they hold. */
export async function balancesBefore(db: DbOrTx, storeId: string, before: string) {
  const perAccount = db
    .selectFrom('stored_value_entries as e')
    .innerJoin('stored_value_accounts as a', (j) =>
      j.onRef('a.store_id', '=', 'e.store_id').onRef('a.id', '=', 'e.account_id'),
    )
    .select(['a.kind', 'e.account_id', (eb) => eb.fn.sum<number | string>('e.amount').as('balance')])
    .where('e.store_id', '=', storeId)
    .where('e.at', '<', before)
    .groupBy(['a.kind', 'e.account_id']);
  return db
    .selectFrom(perAccount.as('b'))
    .select([
      'b.kind',
      sql<number | string>`sum(case when b.balance > 0 then 1 else 0 end)`.as('count'),
      sql<number | string | null>`sum(b.balance)`.as('balance'),
    ])
    .groupBy('b.kind')
    .execute();
}

/** The total held just before `before`, both kinds. */
export async function totalBefore(db: DbOrTx, storeId: string, before: string): Promise<number> {
  const row = await db
    .selectFrom('stored_value_entries')
    .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
    .where('store_id', '=', storeId)
    .where('at', '<', before)
    .executeTakeFirstOrThrow();
  return Number(row.total ?? 0);
}

/**
 * Accounts with an expiry holding money just before `before`, with their issue time and last date:
 * the caller keeps those whose expiry is at most six months after issue (outside the Act's duty).
 */
export function expiringBalancesBefore(db: DbOrTx, storeId: string, before: string) {
  return db
    .selectFrom('stored_value_entries as e')
    .innerJoin('stored_value_accounts as a', (j) =>
      j.onRef('a.store_id', '=', 'e.store_id').onRef('a.id', '=', 'e.account_id'),
    )
    .select(['a.created_at', 'a.expires_at', (eb) => eb.fn.sum<number | string>('e.amount').as('balance')])
    .where('e.store_id', '=', storeId)
    .where('e.at', '<', before)
    .where('a.expires_at', 'is not', null)
    .groupBy(['e.account_id', 'a.created_at', 'a.expires_at'])
    .having((eb) => eb.fn.sum('e.amount'), '>', 0)
    .execute();
}

/** Count and sum of entries per account kind and entry kind with `at` in [from, to); positive and negative apart. */
export function movements(db: DbOrTx, storeId: string, fromAt: string, toAt: string) {
  return db
    .selectFrom('stored_value_entries as e')
    .innerJoin('stored_value_accounts as a', (j) =>
      j.onRef('a.store_id', '=', 'e.store_id').onRef('a.id', '=', 'e.account_id'),
    )
    .select([
      'a.kind as account_kind',
      'e.kind',
      (eb) => eb.fn.countAll<number | string>().as('n'),
      sql<number | string | null>`sum(case when e.amount > 0 then e.amount else 0 end)`.as('paid_in'),
      sql<number | string | null>`sum(case when e.amount < 0 then e.amount else 0 end)`.as('taken_out'),
    ])
    .where('e.store_id', '=', storeId)
    .where('e.at', '>=', fromAt)
    .where('e.at', '<', toAt)
    .groupBy(['a.kind', 'e.kind'])
    .execute();
}
