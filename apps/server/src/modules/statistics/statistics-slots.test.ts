import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StatisticSummary } from '@shopdesk/shared';
import { knownMigrations, migrateTo } from '../../db/migrate.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type TestApp } from '../../test/harness.ts';
import { createProduct, ean13 } from '../../test/products.ts';
import { expectedPeriods, expectedSummary, storeEvents } from './statistics-brute-force.ts';
import { STAT_SLOTS, statSlot } from './statistics-recorder.ts';

const MIGRATION = '202611271800-stat-slots';

/** How many rows of `table` the store's figures are spread over. */
async function rowCount(t: TestApp, table: 'stat_hours' | 'stat_tenders', storeId: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`
    select count(*) as n from ${sql.id(table)} where store_id = ${storeId}`.execute(t.db);
  return Number(rows[0]?.n);
}

/** The report tables' key columns: their primary key but the slot. */
const KEY_COLUMNS = new Set(['store_id', 'business_date', 'hour', 'method', 'currency']);

/**
 * The store's report rows of `table` summed per key without the slot: what a report reads, whatever
 * the number of slot rows. Read from the table, not through the API, because this version's API
 * needs the later migrations' tables, absent while migrated down.
 */
async function sumsByKey(t: TestApp, table: 'stat_hours' | 'stat_tenders', storeId: string) {
  const { rows } = await sql<Record<string, unknown>>`
    select * from ${sql.id(table)} where store_id = ${storeId}`.execute(t.db);
  const sums = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const entries = Object.entries(row).filter(([column]) => column !== 'slot');
    const key = JSON.stringify(entries.filter(([column]) => KEY_COLUMNS.has(column)).map(([, v]) => String(v)));
    const into = sums.get(key) ?? {};
    for (const [column, value] of entries) {
      if (!KEY_COLUMNS.has(column)) into[column] = (into[column] ?? 0) + Number(value);
    }
    sums.set(key, into);
  }
  return Object.fromEntries([...sums].sort(([a], [b]) => a.localeCompare(b)));
}

describe('statSlot', () => {
  it('the slot is the id’s, one of 8, and ids spread over all of them', () => {
    const id = randomUUID();
    expect(statSlot(id)).toBe(statSlot(id));
    const seen = new Set(Array.from({ length: 400 }, () => statSlot(randomUUID())));
    expect([...seen].sort()).toEqual(Array.from({ length: STAT_SLOTS }, (_, i) => i));
  });
});

/**
 * A store's hour and its day's tenders are spread over slot rows so concurrent sales mostly lock
 * different rows; every report sums them. Many sales (some at once) and refunds in one hour give
 * the same figures as the brute-force recomputation, with the rows really spread; the migration's
 * down folds the slots into one row per key and its up takes them back, same figures.
 */
describe.each(engines)('statistics over slot rows on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  // Every sale and refund lands in one local hour of the next day (the store is on UTC).
  let day: string;
  const as = () => ({ token: u.token });
  const schema = () => t.databaseEnv.DATABASE_SCHEMA || undefined;

  beforeAll(async () => {
    u = await createUser(t);
    const at = new Date(t.clock.now().getTime() + 86_400_000);
    at.setUTCHours(10, 20, 0, 0);
    day = at.toISOString().slice(0, 10);
    t.clock.advance(at.getTime() - t.clock.now().getTime());
  });

  async function report() {
    const range = `from=${day}&to=${day}`;
    const [summary, hours] = await Promise.all([
      t.request('GET', `/api/secure/shop/statistic/summary?${range}&top=50`, as()),
      t.request('GET', `/api/secure/shop/statistic/search/window/0/100?${range}&groupBy=hour`, as()),
    ]);
    expect(summary.status, summary.text).toBe(200);
    expect(hours.status, hours.text).toBe(200);
    return { summary: summary.body as StatisticSummary, hours: hours.body.items as unknown[] };
  }

  it('sums the slots of one hour exactly, before and after the migration folds them', async () => {
    const tea = await createProduct(t, u, { code: ean13(), price: 450, cost: 200, quantity: 500 });
    const sell = (quantity: number, method: 'CASH' | 'CARD') =>
      t.request('POST', '/api/secure/shop/transaction', {
        ...as(),
        body: {
          clientId: randomUUID(),
          status: 'COMPLETED',
          lines: [
            { code: tea.code, quantity },
            { name: 'Gift wrap', unitPrice: 100, quantity: 1 },
          ],
          payments: [{ method, currency: 'USD', amount: method === 'CARD' ? quantity * 450 + 100 : 100_000 }],
        },
      });
    const codes: string[] = [];
    // Four rounds of six sales at once: concurrent upserts of the same hour and tenders.
    for (let round = 0; round < 4; round++) {
      const sold = await Promise.all(
        Array.from({ length: 6 }, (_, i) => sell(1 + ((round + i) % 3), i % 2 ? 'CARD' : 'CASH')),
      );
      for (const res of sold) {
        expect(res.status, res.text).toBe(201);
        codes.push(res.body.code);
      }
    }
    for (const code of codes.slice(0, 3)) {
      const res = await t.request('POST', `/api/secure/shop/transaction/${code}/refund`, {
        ...as(),
        body: { clientId: randomUUID() },
      });
      expect(res.status, res.text).toBe(201);
    }

    // One hour and two tenders, in more rows than one each.
    expect(await rowCount(t, 'stat_hours', u.store.id)).toBeGreaterThan(1);
    expect(await rowCount(t, 'stat_tenders', u.store.id)).toBeGreaterThan(2);
    const events = await storeEvents(t.db, u.store.id, 'UTC');
    const live = await report();
    expect(live.summary.totals.transactionCount).toBe(24);
    expect(live.hours).toEqual(expectedPeriods(events, day, day, 'hour'));
    expect(live.summary.totals).toMatchObject(expectedSummary(events, day, day).totals);
    expect(live.summary.tenders).toEqual(expectedSummary(events, day, day).tenders);

    // Down folds every key's slots into one row; up keeps them as slot 0; the figures never change.
    const migrations = await knownMigrations();
    const spread = {
      hours: await sumsByKey(t, 'stat_hours', u.store.id),
      tenders: await sumsByKey(t, 'stat_tenders', u.store.id),
    };
    await migrateTo(t.db, migrations[migrations.indexOf(MIGRATION) - 1] as string, schema());
    expect(await rowCount(t, 'stat_hours', u.store.id)).toBe(1);
    expect(await rowCount(t, 'stat_tenders', u.store.id)).toBe(2);
    expect(await sumsByKey(t, 'stat_hours', u.store.id)).toEqual(spread.hours);
    expect(await sumsByKey(t, 'stat_tenders', u.store.id)).toEqual(spread.tenders);
    await migrateTo(t.db, migrations.at(-1) as string, schema());
    expect(await rowCount(t, 'stat_hours', u.store.id)).toBe(1);
    expect(await report()).toEqual(live);

    // And sales after it spread again, still exact.
    for (let i = 0; i < 6; i++) expect((await sell(1, 'CASH')).status).toBe(201);
    const after = await storeEvents(t.db, u.store.id, 'UTC');
    const again = await report();
    expect(again.summary.totals.transactionCount).toBe(30);
    expect(again.hours).toEqual(expectedPeriods(after, day, day, 'hour'));
    expect(again.summary.tenders).toEqual(expectedSummary(after, day, day).tenders);
  }, 60_000);
});
