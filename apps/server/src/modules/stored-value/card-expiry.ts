import { setImmediate as nextTurn } from 'node:timers/promises';
import { iso } from '../../lib/clock.ts';
import { startHourly } from '../../lib/hourly-job.ts';
import type { AppContext } from '../../lib/context.ts';
import { newOrderedId } from '../../lib/ids.ts';
import { dateIn, dayStartIn } from '../../lib/zoned-date.ts';
import * as repo from './card-expiry.repo.ts';
import { insertEntry } from './card-admin.repo.ts';

/** Accounts expired per transaction: a short write, so sales wait little for it. */
const BATCH = 200;
/** Batches per store per run: a store with more left is finished by the next run. */
const BATCHES_PER_STORE = 25;
/** Stores read per page of due stores. */
const STORES_PAGE = 50;
const DAY_MS = 86_400_000;

type ExpiryContext = Pick<AppContext, 'db' | 'clock' | 'log'>;

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * When an expiry takes effect: the instant the card's last usable day ends in the store's
 * timezone (so the liability at the end of that day still counts it, and the next day's does
 * not), or the account's last change when that came later (a refund paid back onto an expired card).
 */
function expiryInstant(expiresAt: string, timezone: string, lastChange: string): string {
  const end = iso(dayStartIn(nextDay(expiresAt), timezone));
  return lastChange > end ? lastChange : end;
}

/**
 * Expires what is left on cards and credit past their last usable date (product.md §5): for each
 * store with such an account, each one holding money gets an EXPIRE entry of −balance and a
 * balance of 0 in the same transaction, a guarded write (a sale or refund that moved the balance
 * meanwhile wins; it is looked at again next run). Once per store per business day
 * (`sv_expired_through`), in batches, with a turn of the event loop between batches and stores.
 * Returns the entries written.
 */
export async function expireCards(ctx: ExpiryContext): Promise<number> {
  const now = ctx.clock.now();
  // The latest business date anywhere now (timezones reach UTC+14).
  const latestDay = iso(new Date(now.getTime() + DAY_MS)).slice(0, 10);
  let written = 0;
  let after = '';
  for (;;) {
    const stores = await repo.storesWithExpiredCards(ctx.db, latestDay, after, STORES_PAGE);
    for (const store of stores) {
      const today = dateIn(now, store.timezone);
      if (store.sv_expired_through !== null && store.sv_expired_through >= today) continue;
      const { count, finished } = await expireStore(ctx, store, today, now);
      written += count;
      if (finished) await repo.markExpiredThrough(ctx.db, store.id, today);
      await nextTurn();
    }
    if (stores.length < STORES_PAGE) return written;
    after = stores[stores.length - 1]!.id;
  }
}

async function expireStore(
  ctx: ExpiryContext,
  store: { id: string; timezone: string },
  today: string,
  now: Date,
): Promise<{ count: number; finished: boolean }> {
  let count = 0;
  for (let batch = 0; batch < BATCHES_PER_STORE; batch++) {
    const due = await repo.expiredAccounts(ctx.db, store.id, today, BATCH);
    if (due.length === 0) return { count, finished: true };
    const written = await ctx.db.transaction().execute(async (trx) => {
      let n = 0;
      for (const account of due) {
        const balance = Number(account.balance);
        if (!(await repo.zeroBalance(trx, store.id, account.id, balance, iso(now)))) continue;
        await insertEntry(trx, {
          store_id: store.id,
          id: newOrderedId(),
          account_id: account.id,
          kind: 'EXPIRE',
          amount: -balance,
          balance_after: 0,
          sale_id: null,
          refund_id: null,
          user_id: null,
          device_id: null,
          client_id: null,
          request_hash: null,
          note: '',
          at: expiryInstant(account.expires_at!, store.timezone, account.updated_at),
        });
        n++;
      }
      return n;
    });
    count += written;
    // A whole batch moved meanwhile reads the same rows again: leave them to the next run.
    if (due.length < BATCH || written === 0) return { count, finished: due.length < BATCH };
    await nextTurn();
  }
  return { count, finished: false };
}

/** Runs the expiry every hour (lib/hourly-job.ts) until the returned stop is called (app.ts, on close). */
export function startCardExpiry(ctx: ExpiryContext): () => Promise<void> {
  return startHourly(() => expireCards(ctx), ctx.log, 'expiring gift cards');
}
