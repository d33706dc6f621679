import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';

export interface TransactionFilter {
  storeId: string;
  /** Business dates from (inclusive) to (exclusive), YYYY-MM-DD. */
  from: string;
  to: string;
  status?: string;
  /** A payment method id of the store: sales with a tender of it. */
  method?: string;
  q?: string;
  /** Only the sales this user made. */
  userId?: string;
  /** Only the sales of this shift. */
  shiftId?: string;
}

/** `%`, `_` and the escape character taken literally in a LIKE pattern. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filtered(db: DbOrTx, f: TransactionFilter) {
  let query = db
    .selectFrom('shop_transactions as t')
    .where('t.store_id', '=', f.storeId)
    .where('t.business_date', '>=', f.from)
    .where('t.business_date', '<', f.to);
  if (f.userId) query = query.where('t.user_id', '=', f.userId);
  if (f.shiftId) query = query.where('t.shift_id', '=', f.shiftId);
  query = f.status ? query.where('t.status', '=', f.status) : query.where('t.status', '!=', 'PARKED');
  if (f.method) {
    const method = f.method;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('shop_tenders as p')
          .select('p.id')
          .whereRef('p.transaction_id', '=', 't.id')
          .where('p.store_id', '=', f.storeId)
          .where('p.refund_id', 'is', null)
          // A tender stored before named tenders has no method id: it counts under its fixed
          // method's (CASH, CARD, OTHER), as in the shift reports and the statistics.
          .where(sql<string>`coalesce(p.payment_method_id, p.method)`, '=', method),
      ),
    );
  }
  if (f.q) {
    const q = f.q.trim();
    const pattern = likeContains(q.toLowerCase());
    query = query.where(({ or, eb, exists, selectFrom }) =>
      or([
        eb('t.code', '=', q.toUpperCase()),
        exists(
          selectFrom('shop_transaction_lines as l')
            .select('l.id')
            .whereRef('l.transaction_id', '=', 't.id')
            .where('l.store_id', '=', f.storeId)
            .where(sql<boolean>`lower(l.name) like ${pattern} escape '\\'`),
        ),
      ]),
    );
  }
  return query;
}

export async function countTransactions(db: DbOrTx, f: TransactionFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function transactionsPage(db: DbOrTx, f: TransactionFilter, offset: number, limit: number) {
  return filtered(db, f)
    .select([
      't.id',
      't.code',
      't.status',
      't.sold_at',
      't.created_at',
      't.completed_at',
      't.currency',
      't.total',
      't.due',
      't.refunded_amount',
      't.item_count',
      't.first_items',
    ])
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** The payment methods of some sales (their own tenders, not refunds'). */
export async function methodsOf(db: DbOrTx, storeId: string, transactionIds: string[]) {
  if (transactionIds.length === 0) return [];
  return db
    .selectFrom('shop_tenders')
    .select(['transaction_id', 'method'])
    .where('store_id', '=', storeId)
    .where('transaction_id', 'in', transactionIds)
    .where('refund_id', 'is', null)
    .orderBy('position')
    .execute();
}
