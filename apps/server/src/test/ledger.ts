import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestApp } from './harness.ts';

/**
 * The stock ledger invariant (product.md §5): every product's quantity equals the sum of its
 * movements, and no movement points at a missing product or another store's product. Call it after
 * every scenario that moves stock.
 */
export async function expectLedgerConsistent(t: TestApp): Promise<void> {
  const mismatched = await t.db
    .selectFrom('products as p')
    .leftJoin('stock_movements as m', (join) =>
      join.onRef('m.product_id', '=', 'p.id').onRef('m.store_id', '=', 'p.store_id'),
    )
    .select(['p.id', 'p.code', 'p.quantity', sql<number>`coalesce(sum(m.delta), 0)`.as('ledger')])
    .groupBy(['p.id', 'p.code', 'p.quantity'])
    .having(sql<boolean>`p.quantity <> coalesce(sum(m.delta), 0)`)
    .execute();
  expect(mismatched.map((r) => ({ ...r, ledger: Number(r.ledger) }))).toEqual([]);
  const orphans = await t.db
    .selectFrom('stock_movements as m')
    .leftJoin('products as p', (join) => join.onRef('p.id', '=', 'm.product_id').onRef('p.store_id', '=', 'm.store_id'))
    .select('m.id')
    .where('p.id', 'is', null)
    .execute();
  expect(orphans).toEqual([]);
}
