import type { DbOrTx } from '../../db/database.ts';
import { writeTask } from '../../db/write-task.ts';
import type { AppContext } from '../../lib/context.ts';
import * as repo from './statistics-write.repo.ts';

/**
 * SQLite's sales and refunds append their product figures to `stat_products_pending` (migration
 * 202611291400); this adds them into the day and month rows. Each product row so takes one page
 * write a second at most, instead of one per sale of it, and those writes are sorted. Reports read
 * pending rows as well (statistics-read.repo.ts `sourceRows`), so when the fold runs changes no
 * figure: a fold that fails or waits (a stop, a crash) loses nothing, the next one takes its rows.
 */

/** How often the fold looks for pending rows: the pending table holds about this much of the sales. */
export const FOLD_INTERVAL_MS = 1000;

/** The fold as a write task: one transaction on the one writer (the write worker on SQLite). */
export async function foldProducts(trx: DbOrTx): Promise<number> {
  return repo.foldPendingProducts(trx);
}

export const foldProductsTask = writeTask<null, number>(import.meta.url, 'foldProducts', foldProducts);

/**
 * Starts the fold on SQLite (PostgreSQL writes no pending rows). A tick that finds nothing pending
 * (a shop with no sale this second) costs one read and sends no write. Returns a function that
 * stops it and waits for a fold under way, so the database is not closed under it.
 */
export function startProductFold(ctx: Pick<AppContext, 'db' | 'dbKind' | 'runWrite' | 'log'>): () => Promise<void> {
  if (ctx.dbKind !== 'sqlite') return async () => {};
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= repo
      .hasPendingProducts(ctx.db)
      .then(async (pending) => {
        if (pending) await ctx.runWrite(foldProductsTask, null);
      })
      .catch((error: unknown) => ctx.log.error({ err: error }, 'folding the product report rows failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, FOLD_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
