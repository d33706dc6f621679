import { CompiledQuery } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { addToQuantities } from './stock.repo.ts';
import { migratedSqlite } from '../../test/migrated-sqlite.ts';

/**
 * How SQLite runs the ledger's bulk quantity update (a sale's lines, a cargo's arrival): by the
 * products' primary key, never by a scan of the table. Written `+store_id` after the key became
 * (store_id, id), it scanned every product of every store for each 250 lines, and no test saw it.
 */
describe('the bulk quantity update on SQLite', () => {
  const { handle } = migratedSqlite('stock-plans');

  it.each([1, 5, 250])('finds %i products by primary key', async (count) => {
    const run = vi.spyOn(handle.db, 'executeQuery');
    const deltas = Array.from({ length: count }, (_, i) => ({ productId: `p-${count}-${i}`, delta: -1 }));
    await addToQuantities(handle.db, 'sqlite', 'store-1', deltas, '2026-11-29T00:00:00.000Z');
    const update = run.mock.calls
      .map(([query]) => query as CompiledQuery)
      .find((query) => /^update "products"/.test(query.sql));
    run.mockRestore();
    expect(update).toBeDefined();
    const plan = await handle.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${update!.sql}`, [...update!.parameters]),
    );
    const details = plan.rows.map((row) => row.detail).join('\n');
    expect(details).toMatch(
      /SEARCH products USING (COVERING )?INDEX sqlite_autoindex_products_1 \(store_id=\? AND id=\?\)/,
    );
    expect(details).not.toMatch(/SCAN products/);
  });
});
