import { setImmediate as nextTurn } from 'node:timers/promises';
import { iso } from '../../lib/clock.ts';
import { startHourly } from '../../lib/hourly-job.ts';
import type { AppContext } from '../../lib/context.ts';
import { newOrderedId } from '../../lib/ids.ts';
import * as repo from './loyalty.repo.ts';

/** Customers expired per transaction: a short write, so sales of other stores wait little for it. */
const BATCH = 200;
/** Batches per store per run: a store with more left is finished by the next run. */
const BATCHES_PER_STORE = 25;
/** Stores read per page of due stores. */
const STORES_PAGE = 50;

type ExpiryContext = Pick<AppContext, 'db' | 'clock' | 'log'>;

/** `now` less `months` calendar months (the day clamped, as 31 March less a month is 28/29 February). */
export function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * Expires points nobody is online to see expire (product.md §5 "Customers and points"): for each
 * store with the programme on and an expiry set, every customer holding points whose last visit
 * (or creation, never seen) is older than the expiry gets an EXPIRE entry of −balance and a balance
 * of 0, in the same transaction (a guarded write: a sale that moved the balance meanwhile wins and
 * the customer is looked at again next day). Once per store per day (`loyalty_expired_through`),
 * in batches, with a turn of the event loop between batches and stores. Returns the entries written.
 */
export async function expirePoints(ctx: ExpiryContext): Promise<number> {
  const now = ctx.clock.now();
  const day = iso(now).slice(0, 10);
  let written = 0;
  let after = '';
  for (;;) {
    const stores = await repo.storesDueForExpiry(ctx.db, day, after, STORES_PAGE);
    for (const store of stores) {
      const cutoff = iso(monthsBefore(now, Number(store.loyalty_expiry_months)));
      const { count, finished } = await expireStore(ctx, store.id, cutoff, now);
      written += count;
      if (finished) await repo.markExpiredThrough(ctx.db, store.id, day);
      await nextTurn();
    }
    if (stores.length < STORES_PAGE) return written;
    after = stores[stores.length - 1]!.id;
  }
}

async function expireStore(
  ctx: ExpiryContext,
  storeId: string,
  cutoff: string,
  now: Date,
): Promise<{ count: number; finished: boolean }> {
  let count = 0;
  for (let batch = 0; batch < BATCHES_PER_STORE; batch++) {
    const due = await repo.expiringCustomers(ctx.db, storeId, cutoff, BATCH);
    if (due.length === 0) return { count, finished: true };
    count += await ctx.db.transaction().execute(async (trx) => {
      let n = 0;
      for (const c of due) {
        const balance = Number(c.points_balance);
        if (!(await repo.zeroBalance(trx, storeId, c.id, balance))) continue;
        await repo.insertEntry(trx, {
          store_id: storeId,
          id: newOrderedId(now.getTime()),
          customer_id: c.id,
          kind: 'EXPIRE',
          points: -balance,
          sale_id: null,
          refund_id: null,
          user_id: null,
          device_id: null,
          note: '',
          at: iso(now),
        });
        n++;
      }
      return n;
    });
    if (due.length < BATCH) return { count, finished: true };
    await nextTurn();
  }
  return { count, finished: false };
}

/** Runs the expiry every hour (lib/hourly-job.ts) until the returned stop is called (app.ts, on close). */
export function startPointsExpiry(ctx: ExpiryContext): () => Promise<void> {
  return startHourly(() => expirePoints(ctx), ctx.log, 'expiring points');
}
