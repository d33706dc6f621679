import type { Db, DbOrTx } from '../../db/database.ts';
import type { StoredValueAccountsTable, StoredValueEntriesTable } from '../../db/types.ts';

/**
 * The sale's and the refund's writes to gift cards and store credit (product.md §5 "Gift cards and
 * store credit"), in the caller's transaction (sale-write.ts, refund-write.ts; on PostgreSQL the
 * sale function repeats the sale's part in SQL: store-sale.pg.ts step 8). An account's balance is
 * always the sum of its entries, and every entry records the balance after it.
 */

/** A STORED_VALUE tender of a completed sale: a guarded decrement of its card. */
export interface StoredValueSpend {
  code: string;
  amount: number;
  /** The tender row that takes the card's balance after. */
  tenderId: string;
  /** The card must still be usable on this business date (its `expires_at` at or after it). */
  businessDate: string;
  at: string;
  now: string;
  /** The REDEEM entry, but its account and balance after (known once the decrement ran). */
  entry: Omit<StoredValueEntriesTable, 'account_id' | 'balance_after'>;
}

/** What a completed sale writes to stored value (shop's sale-stored-value.ts builds it). */
export interface StoredValueSaleWrite {
  /** In code order, so two sales spending the same cards lock them in one order. */
  spends: StoredValueSpend[];
  /** The gift cards the sale sold, active from now, and their ISSUE entries. */
  accounts: StoredValueAccountsTable[];
  issues: StoredValueEntriesTable[];
}

export type StoredValueSaleOutcome =
  | { outcome: 'applied'; balances: Record<string, number> }
  /** A card could not pay (spent, blocked or expired meanwhile): the caller refuses the sale. */
  | { outcome: 'short' }
  /** A sold card's code was taken meanwhile. */
  | { outcome: 'code-taken' };

/**
 * An account a tender or a gift card line names, read before the write for a clear refusal (the
 * write's guard decides): for `ctx.readFirst`, one SQL text.
 */
export function accountByCodeQuery(db: Db, storeId: string, code: string) {
  return db
    .selectFrom('stored_value_accounts')
    .select(['id', 'kind', 'code', 'customer_id', 'currency', 'balance', 'expires_at', 'status'])
    .where('store_id', '=', storeId)
    .where('code', '=', code);
}

/**
 * The store credit of the customer with this member code, for `ctx.readFirst`: a STORED_VALUE
 * tender (or a lookup) may name the customer's code instead of the account's.
 */
export function creditByMemberCodeQuery(db: Db, storeId: string, memberCode: string) {
  return db
    .selectFrom('stored_value_accounts as a')
    .innerJoin('customers as c', (j) => j.onRef('c.store_id', '=', 'a.store_id').onRef('c.id', '=', 'a.customer_id'))
    .select(['a.id', 'a.kind', 'a.code', 'a.customer_id', 'a.currency', 'a.balance', 'a.expires_at', 'a.status'])
    .where('a.store_id', '=', storeId)
    .where('c.code', '=', memberCode)
    .where('c.deleted_at', 'is', null)
    .where('a.kind', '=', 'STORE_CREDIT');
}

/** The spends, then the sold cards: after the sale's header was claimed, so a retry writes none of it. */
export async function applyStoredValueSale(
  trx: DbOrTx,
  storeId: string,
  write: StoredValueSaleWrite,
): Promise<StoredValueSaleOutcome> {
  const balances: Record<string, number> = {};
  for (const spend of write.spends) {
    const row = await trx
      .updateTable('stored_value_accounts')
      .set((eb) => ({
        balance: eb('balance', '-', spend.amount),
        last_used_at: spend.at,
        updated_at: spend.now,
      }))
      .where('store_id', '=', storeId)
      .where('code', '=', spend.code)
      .where('status', '=', 'ACTIVE')
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>=', spend.businessDate)]))
      .where('balance', '>=', spend.amount)
      .returning(['id', 'balance'])
      .executeTakeFirst();
    if (!row) return { outcome: 'short' };
    const balance = Number(row.balance);
    await trx
      .insertInto('stored_value_entries')
      .values({ ...spend.entry, account_id: row.id, balance_after: balance })
      .execute();
    await trx
      .updateTable('shop_tenders')
      .set({ card_balance: balance })
      .where('store_id', '=', storeId)
      .where('id', '=', spend.tenderId)
      .execute();
    balances[spend.tenderId] = balance;
  }
  if (write.accounts.length > 0) {
    const inserted = await trx
      .insertInto('stored_value_accounts')
      .values(write.accounts)
      .onConflict((oc) => oc.columns(['store_id', 'code']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== write.accounts.length) return { outcome: 'code-taken' };
    await trx.insertInto('stored_value_entries').values(write.issues).execute();
  }
  return { outcome: 'applied', balances };
}

/** A movement a refund makes on one account (money back to a card, store credit paid in, a sold card taken back). */
export interface StoredValueRefundMove {
  /** The account's code; for store credit not yet opened, the new account to open. */
  code: string;
  open: StoredValueAccountsTable | null;
  /** Signed: positive pays in, negative takes a sold card's value back (guarded: never below zero). */
  amount: number;
  entry: Omit<StoredValueEntriesTable, 'account_id' | 'balance_after'>;
}

/**
 * One refund movement: the account opened when it is new (store credit), its balance moved, the
 * REFUND entry with the balance after. Null when a negative move finds less on the card than it
 * takes back (the card was used: the caller refuses the refund). A card emptied by taking back its
 * sale is blocked (void).
 */
export async function applyStoredValueRefund(
  trx: DbOrTx,
  storeId: string,
  move: StoredValueRefundMove,
): Promise<number | null> {
  if (move.open) {
    await trx
      .insertInto('stored_value_accounts')
      .values(move.open)
      .onConflict((oc) => oc.columns(['store_id', 'code']).doNothing())
      .execute();
  }
  const row = await trx
    .updateTable('stored_value_accounts')
    .set((eb) => ({
      balance: eb('balance', '+', move.amount),
      updated_at: move.entry.at,
      ...(move.amount < 0 ? { last_used_at: move.entry.at } : {}),
    }))
    .where('store_id', '=', storeId)
    .where('code', '=', move.code)
    .$if(move.amount < 0, (qb) => qb.where('balance', '>=', -move.amount))
    .returning(['id', 'balance'])
    .executeTakeFirst();
  if (!row) return null;
  const balance = Number(row.balance);
  await trx
    .insertInto('stored_value_entries')
    .values({ ...move.entry, account_id: row.id, balance_after: balance })
    .execute();
  if (move.amount < 0 && balance === 0) {
    await trx
      .updateTable('stored_value_accounts')
      .set({ status: 'BLOCKED' })
      .where('store_id', '=', storeId)
      .where('id', '=', row.id)
      .execute();
  }
  return balance;
}
