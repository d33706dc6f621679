import type { AppContext } from '../../lib/context.ts';
import type { Db } from '../../db/database.ts';
import { vacuumProducts } from './products.repo.ts';

/** Quiet time after the last import batch before the refresh runs: one refresh per import. */
const SETTLE_MS = 1000;

const pending = new WeakMap<Db, NodeJS.Timeout>();

/**
 * PostgreSQL only: after an import created products, `VACUUM (ANALYZE) products` once the import
 * has settled. Until then the planner has no statistics for a freshly imported catalogue and picks
 * full scans for searches (~120 ms at 100k products), and without the visibility map the covering
 * sort indexes cannot answer a search window or its count without reading every row. Autovacuum
 * would do the same, but only after its nap and thresholds, and it may be off. SQLite needs none
 * of this. Never awaited by the request; a failure is logged, searches still answer correctly.
 */
export function refreshStatisticsAfterImport(ctx: AppContext): void {
  if (ctx.dbKind !== 'postgres') return;
  clearTimeout(pending.get(ctx.db));
  const timer = setTimeout(() => {
    pending.delete(ctx.db);
    vacuumProducts(ctx.db).catch((error: unknown) =>
      ctx.log.warn({ err: error }, 'Refreshing product statistics after an import failed'),
    );
  }, SETTLE_MS);
  timer.unref();
  pending.set(ctx.db, timer);
}
