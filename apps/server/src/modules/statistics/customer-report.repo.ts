import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';

/**
 * The customers report's period: sales and refunds by their store day (`business_date`, both
 * included), ledger entries by their time (`fromAt` included, `toAt` excluded: the store's
 * midnights around the same days).
 */
export interface CustomerPeriod {
  storeId: string;
  from: string;
  to: string;
  fromAt: string;
  toAt: string;
}

type Amount = number | string;

function periodSales(db: DbOrTx, p: CustomerPeriod) {
  return db
    .selectFrom('shop_transactions as t')
    .where('t.store_id', '=', p.storeId)
    .where('t.status', '!=', 'PARKED')
    .where('t.completed_at', 'is not', null)
    .where('t.business_date', '>=', p.from)
    .where('t.business_date', '<=', p.to);
}

/**
 * One row per customer with a completed sale or a refund (of any of their sales) in the period:
 * their sales count and total, what was refunded, and whether their first completed sale ever is
 * in the period (`first_date`, a lookup on the sales-by-customer index per customer).
 */
function perCustomer(db: DbOrTx, p: CustomerPeriod) {
  const sold = periodSales(db, p)
    .where('t.customer_id', 'is not', null)
    .select([
      sql<string>`t.customer_id`.as('customer_id'),
      sql<Amount>`1`.as('n'),
      sql<Amount>`t.total`.as('sold'),
      sql<Amount>`0`.as('refunded'),
    ]);
  const refunded = db
    .selectFrom('shop_refunds as r')
    .innerJoin('shop_transactions as t', (j) =>
      j.onRef('t.store_id', '=', 'r.store_id').onRef('t.id', '=', 'r.transaction_id'),
    )
    .where('r.store_id', '=', p.storeId)
    .where('r.business_date', '>=', p.from)
    .where('r.business_date', '<=', p.to)
    .where('t.customer_id', 'is not', null)
    .select([
      sql<string>`t.customer_id`.as('customer_id'),
      sql<Amount>`0`.as('n'),
      sql<Amount>`0`.as('sold'),
      sql<Amount>`r.amount`.as('refunded'),
    ]);
  const grouped = db
    .selectFrom(sold.unionAll(refunded).as('x'))
    .select((eb) => [
      'x.customer_id',
      eb.fn.sum<Amount>('x.n').as('sales_count'),
      eb.fn.sum<Amount>('x.sold').as('total'),
      eb.fn.sum<Amount>('x.refunded').as('refunded'),
    ])
    .groupBy('x.customer_id');
  return db
    .selectFrom(grouped.as('g'))
    .leftJoin('customers as c', (j) => j.on('c.store_id', '=', p.storeId).onRef('c.id', '=', 'g.customer_id'))
    .select((eb) => [
      'g.customer_id',
      'g.sales_count',
      'g.total',
      'g.refunded',
      sql<Amount>`g.total - g.refunded`.as('net'),
      sql<string | null>`c.code`.as('code'),
      sql<string | null>`c.name`.as('name'),
      eb
        .selectFrom('shop_transactions as f')
        .where('f.store_id', '=', p.storeId)
        .whereRef('f.customer_id', '=', 'g.customer_id')
        .where('f.status', '!=', 'PARKED')
        .where('f.completed_at', 'is not', null)
        .select((e) => e.fn.min<string>('f.business_date').as('d'))
        .as('first_date'),
    ]);
}

export interface CustomerRowData {
  customer_id: string;
  sales_count: Amount;
  total: Amount;
  refunded: Amount;
  net: Amount;
  code: string | null;
  name: string | null;
  first_date: string | null;
}

/**
 * The period's customers, highest net first (ties by member code, then id): the first `limit` (the
 * JSON's top list) or all of them (the CSV: its order needs every customer's sum anyway, so one read
 * rather than pages that would each sum the period again).
 */
export async function customerRows(db: DbOrTx, p: CustomerPeriod, limit?: number): Promise<CustomerRowData[]> {
  let q = db
    .selectFrom(perCustomer(db, p).as('s'))
    .selectAll()
    .orderBy('s.net', 'desc')
    .orderBy('s.code')
    .orderBy('s.customer_id');
  if (limit !== undefined) q = q.limit(limit);
  return (await q.execute()) as CustomerRowData[];
}

/** How many customers the period has, and its new and returning customers (sales in the period only). */
export async function customerGroups(db: DbOrTx, p: CustomerPeriod) {
  const rows = await db
    .selectFrom(perCustomer(db, p).as('s'))
    .select((eb) => [
      sql<string>`case when s.sales_count = 0 then 'NONE' when s.first_date >= ${p.from} then 'NEW' else 'RETURNING' end`.as(
        'kind',
      ),
      eb.fn.countAll<Amount>().as('customers'),
      eb.fn.sum<Amount>('s.sales_count').as('sales_count'),
      eb.fn.sum<Amount>('s.total').as('total'),
    ])
    .groupBy('kind')
    .execute();
  const anonymous = await periodSales(db, p)
    .where('t.customer_id', 'is', null)
    .select((eb) => [eb.fn.countAll<Amount>().as('sales_count'), eb.fn.sum<Amount | null>('t.total').as('total')])
    .executeTakeFirstOrThrow();
  return { rows, anonymous };
}

/**
 * The ledger at the end of the period (entries before `toAt` of customers not anonymised by then:
 * the sum of each one's entries is their balance at that time) and its movements in the period per kind.
 */
export async function pointsLedger(db: DbOrTx, p: CustomerPeriod) {
  const balances = db
    .selectFrom('loyalty_entries as e')
    .innerJoin('customers as c', (j) => j.onRef('c.store_id', '=', 'e.store_id').onRef('c.id', '=', 'e.customer_id'))
    .where('e.store_id', '=', p.storeId)
    .where('e.at', '<', p.toAt)
    .where((eb) => eb.or([eb('c.deleted_at', 'is', null), eb('c.deleted_at', '>=', p.toAt)]))
    .select((eb) => ['e.customer_id', eb.fn.sum<Amount>('e.points').as('balance')])
    .groupBy('e.customer_id');
  const [held, moves] = await Promise.all([
    db
      .selectFrom(balances.as('b'))
      .select((eb) => [
        eb.fn.sum<Amount | null>('b.balance').as('outstanding'),
        eb.fn.sum<Amount | null>(sql`case when b.balance > 0 then 1 else 0 end`).as('holders'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('loyalty_entries as e')
      .where('e.store_id', '=', p.storeId)
      .where('e.at', '>=', p.fromAt)
      .where('e.at', '<', p.toAt)
      .select((eb) => ['e.kind', eb.fn.sum<Amount>('e.points').as('points')])
      .groupBy('e.kind')
      .execute(),
  ]);
  return { held, moves };
}
