import { describe, expect, it } from 'vitest';
import { counterLoad, QUEUED_FOR_MS } from '../../test/counter-load.ts';
import { createCustomer, customerNow, setLoyalty } from '../../test/customers.ts';
import { createUser } from '../../test/factories.ts';
import { engines, useTestApp, type TestApp } from '../../test/harness.ts';
import { expectLedgerConsistent, expectPointsConsistent, expectStoredValueConsistent } from '../../test/ledger.ts';
import { createProduct, ean13 } from '../../test/products.ts';
import { exited, startServer } from '../../test/server-process.ts';
import { expectSqliteFileIntact } from '../../test/sqlite-file.ts';

const ROUNDS = 10;
const CLIENTS = 8;
const PRICE = 100;
/** Each gift card of the load holds enough for every sale it could pay. */
const CARD_VALUE = 1_000_000;

/** What the rows of the store must say after the load (`load`'s requests, each stored exactly once). */
async function expectStoredOnce(
  t: TestApp,
  storeId: string,
  load: ReturnType<typeof counterLoad>,
  /** Sales made before the load (the gift cards it spends, one unit each): left out of the counts. */
  setup: readonly string[],
) {
  const { sales, held, refunds } = load;
  const transactions = (
    await t.db
      .selectFrom('shop_transactions')
      .select(['id', 'client_id', 'sold_at', 'created_at', 'status', 'completion_client_id', 'refunded_amount'])
      .where('store_id', '=', storeId)
      .execute()
  ).filter((r) => !setup.includes(r.client_id));
  const ids = transactions.map((r) => r.client_id).sort();
  expect(ids).toEqual([...sales.map((a) => a.clientId), ...held.map((h) => h.park.clientId)].sort());
  const byClientId = new Map(transactions.map((r) => [r.client_id, r]));
  // Each sale keeps the device's time of the sale (two minutes before it was sent), acknowledged
  // before a kill or resent after it, and the server's own receive time beside it.
  for (const a of sales) {
    const row = byClientId.get(a.clientId);
    expect(row?.sold_at, a.clientId).toBe(a.soldAt);
    const waited = new Date(row?.created_at ?? NaN).getTime() - Date.parse(a.soldAt);
    expect(waited, a.clientId).toBeGreaterThanOrEqual(QUEUED_FOR_MS);
  }
  // Each held cart was completed once, by its own completion.
  for (const h of held) {
    expect(byClientId.get(h.park.clientId), h.park.clientId).toMatchObject({
      status: 'COMPLETED',
      completion_client_id: h.completion.clientId,
      sold_at: h.completion.soldAt,
    });
  }

  const stored = await t.db
    .selectFrom('shop_refunds')
    .select(['client_id', 'transaction_id', 'amount'])
    .where('store_id', '=', storeId)
    .execute();
  const steps = refunds.flatMap((plan) => plan.steps.map((step) => ({ plan, step })));
  expect(stored.map((r) => r.client_id).sort()).toEqual(steps.map(({ step }) => step.clientId).sort());
  const refundOf = new Map(stored.map((r) => [r.client_id, r]));
  for (const { plan, step } of steps) {
    const row = refundOf.get(step.clientId);
    expect(row?.transaction_id).toBe(byClientId.get(plan.sale.clientId)?.id);
    expect(Number(row?.amount)).toBe(PRICE * step.units);
  }
  // A sale's refunded amount is the sum of its stored refunds; its status follows what is left.
  const refundedUnits = new Map(refunds.map((p) => [p.sale.clientId, p.steps.reduce((sum, s) => sum + s.units, 0)]));
  for (const a of sales) {
    const row = byClientId.get(a.clientId);
    const sum = stored.filter((r) => r.transaction_id === row?.id).reduce((total, r) => total + Number(r.amount), 0);
    const units = refundedUnits.get(a.clientId) ?? 0;
    expect(Number(row?.refunded_amount), a.clientId).toBe(sum);
    expect(sum, a.clientId).toBe(PRICE * units);
    const status = units === 0 ? 'COMPLETED' : units < a.quantity ? 'PARTIALLY_REFUNDED' : 'REFUNDED';
    expect(row?.status, a.clientId).toBe(status);
  }

  // The report aggregates counted each sale and refund once, in the same transactions.
  const sold = [...sales.map((a) => a.quantity), ...held.map((h) => h.completion.quantity)];
  const back = [...refundedUnits.values()].reduce((sum, n) => sum + n, 0);
  const figures = await t.db
    .selectFrom('stat_hours')
    .select((eb) => [
      eb.fn.sum<number>('sales_count').as('sales'),
      eb.fn.sum<number>('refund_count').as('refunds'),
      eb.fn.sum<number>('items_sold').as('itemsSold'),
      eb.fn.sum<number>('items_refunded').as('itemsRefunded'),
      eb.fn.sum<number>('refunds').as('refunded'),
    ])
    .where('store_id', '=', storeId)
    .executeTakeFirstOrThrow();
  expect(Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, Number(v)]))).toEqual({
    sales: sold.length + setup.length,
    refunds: steps.length,
    // A gift card sold is not an item sold (statistics-recorder.ts).
    itemsSold: sold.reduce((sum, n) => sum + n, 0),
    itemsRefunded: back,
    refunded: PRICE * back,
  });
  return { sold: sold.reduce((sum, n) => sum + n, 0), back };
}

/**
 * Crash safety of the one write path: a counter's load from this process (new sales, held carts
 * completed, refunds whole and in part) while the server, a separate process, is killed with
 * SIGKILL at random moments and started again. Every sale, completion and refund the client saw
 * acknowledged must be stored exactly once; one whose answer was lost is sent again with the same
 * clientId, as the offline queue does, and is then stored exactly once too. Refunded amounts,
 * report aggregates, the stock and points ledgers and, on SQLite, the database file stay exact and
 * intact; after every kill each customer's balance is the sum of their entries and every completed
 * sale with a customer has exactly one EARN. Gift cards pay one unit of every sale: after every kill
 * each card's balance is the sum of its entries and every card tender has its REDEEM entry and every
 * REDEEM entry its tender (no spend without its sale, no sale without its spend).
 */
type Load = ReturnType<typeof counterLoad>;

/** A gift card sold for cash through the API (the test's own app): its code and its sale's clientId. */
async function sellGiftCard(t: TestApp, token: string, amount: number): Promise<{ code: string; clientId: string }> {
  const clientId = crypto.randomUUID();
  const res = await t.request<{ lines: { giftCardCode?: string | null }[] }>('POST', '/api/secure/shop/transaction', {
    token,
    body: {
      clientId,
      status: 'COMPLETED',
      lines: [{ quantity: 1, giftCard: { amount } }],
      payment: { method: 'CASH', currency: 'USD', amount },
    },
  });
  expect(res.status, res.text).toBe(201);
  const code = res.body.lines[0]?.giftCardCode;
  if (!code) throw new Error('no gift card code');
  return { code, clientId };
}

/** Every request of the load the client has sent so far, of each kind. */
function requestsOf(load: Load): { acked: boolean }[] {
  return [...load.sales, ...load.held.flatMap((h) => [h.park, h.completion]), ...load.refunds.flatMap((p) => p.steps)];
}

/** The kinds of request the test must see acknowledged at least once: sales, completions, refunds. */
function kindsOf(load: Load): { acked: boolean }[][] {
  return [load.sales, load.held.map((h) => h.completion), load.refunds.flatMap((p) => p.steps)];
}

/**
 * Waits until `count` more requests are acknowledged (at most 30 s): the kill then falls among
 * answered work however slow the machine is, where a fixed delay on a loaded machine killed servers
 * before they had answered anything. With `everyKind`, also until each kind has had an answer: on a
 * slow machine the first answers of a round are mostly new sales, and ten short rounds once ended
 * without a single completion or refund answered.
 */
async function untilAnswered(load: Load, count: number, everyKind: boolean): Promise<void> {
  const answered = () => requestsOf(load).filter((r) => r.acked).length;
  const missingKind = () => everyKind && kindsOf(load).some((kind) => !kind.some((r) => r.acked));
  const target = answered() + count;
  const until = Date.now() + 30_000;
  while ((answered() < target || missingKind()) && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
}

describe.each(engines)('crash safety of checkouts on %s', (engine) => {
  const t = useTestApp(engine);

  it(
    `keeps every acknowledged sale, completion and refund exactly once across ${ROUNDS} kill -9s`,
    { timeout: 480_000 },
    async () => {
      const u = await createUser(t, { secondCurrency: null });
      const product = await createProduct(t, u, { code: ean13(), price: PRICE, quantity: 100_000 });
      // Points on: 1 point per 100 paid, so each unit sold earns one; sales name three customers in turn.
      await setLoyalty(t, u, { earnRate: 100 });
      const customers = [await createCustomer(t, u), await createCustomer(t, u), await createCustomer(t, u)];
      const cards = await Promise.all([1, 2].map(() => sellGiftCard(t, u.token, CARD_VALUE)));
      const load = counterLoad({
        token: u.token,
        productCode: product.code,
        price: PRICE,
        customerIds: customers.map((c) => c.id),
        cardCodes: cards.map((c) => c.code),
      });

      for (let round = 0; round < ROUNDS; round++) {
        const { url, child } = await startServer(t.databaseEnv);
        let killed = false;
        let failure: unknown = null;
        const clients = Array.from({ length: CLIENTS }, async () => {
          while (!killed) {
            try {
              await load.next(url);
            } catch (error) {
              // An answer lost to the kill is expected; anything else stops the load and fails the test.
              if (!killed) {
                failure ??= error;
                killed = true;
              }
            }
          }
        });
        // The later rounds wait for each kind to have been answered once, so every kind meets a kill.
        await untilAnswered(load, 2 + Math.floor(Math.random() * 6), round >= ROUNDS / 2);
        await new Promise((r) => setTimeout(r, Math.random() * 300));
        killed = true;
        child.kill('SIGKILL');
        await Promise.all(clients);
        await exited(child);
        if (failure) throw failure;
        // After every kill: each balance is the sum of its entries, each completed sale has one EARN,
        // each card tender its REDEEM entry and each REDEEM entry its tender.
        await expectPointsConsistent(t, u.store.id);
        await expectStoredValueConsistent(t, u.store.id);
      }

      // The load ran, every kind of request was acknowledged, and the kills took some answers (or
      // what was to follow them).
      const acked = (requests: { acked: boolean }[]) => requests.filter((r) => r.acked).length;
      const [sales = [], completions = [], refunds = []] = kindsOf(load);
      const requests = [...sales, ...load.held.map((h) => h.park), ...completions, ...refunds];
      expect(acked(requests)).toBeGreaterThan(ROUNDS);
      expect(acked(requests)).toBeLessThan(requests.length);
      for (const [name, kind] of Object.entries({ sales, completions, refunds }))
        expect(acked(kind), `${name} acknowledged`).toBeGreaterThan(0);

      // Restarted once more: the devices' queues send every request whose answer they never saw again.
      const { url, child } = await startServer(t.databaseEnv);
      try {
        await load.resend(url);
      } finally {
        child.kill('SIGTERM');
        await exited(child);
      }

      const { sold, back } = await expectStoredOnce(
        t,
        u.store.id,
        load,
        cards.map((c) => c.clientId),
      );
      const after = await t.request('GET', `/api/secure/product/code/${product.code}`, { token: u.token });
      expect(after.body.quantity).toBe(100_000 - sold + back);
      await expectLedgerConsistent(t, u.store.id);
      await expectPointsConsistent(t, u.store.id);
      // Every unit sold earned one point and every unit refunded took it back.
      const balances = await Promise.all(customers.map((c) => customerNow(t, u, c.id)));
      expect(balances.reduce((sum, c) => sum + c.pointsBalance, 0)).toBe(sold - back);
      // Each sale took one unit's price from a card; a refunded sale gave it back to the card first.
      await expectStoredValueConsistent(t, u.store.id);
      const salesCount = load.sales.length + load.held.length;
      const refundedSales = load.refunds.length;
      const left = await t.db
        .selectFrom('stored_value_accounts')
        .select((eb) => eb.fn.sum<number>('balance').as('total'))
        .where('store_id', '=', u.store.id)
        .executeTakeFirstOrThrow();
      expect(Number(left.total)).toBe(cards.length * CARD_VALUE - PRICE * salesCount + PRICE * refundedSales);
      if (engine === 'sqlite') expectSqliteFileIntact(t);
    },
  );
});
