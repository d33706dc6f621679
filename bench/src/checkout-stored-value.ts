/**
 * The stored-value budget (issue 43): a checkout paid partly with a gift card keeps at least 0.8×
 * the cash checkout of the same run. Two loads, each alternated with the cash checkout (cash,
 * card, cash, card) so a machine slowing down mid-run weighs on both alike:
 * - spread: every sale spends a different card (cards sold in the setup), so the guarded decrement
 *   never waits on another sale's row: what the card path itself costs;
 * - shared: 50 clients spend 10 cards loaded for the whole run, so sales queue on the same rows:
 *   the guard under contention (PostgreSQL row locks; SQLite's one writer either way).
 * Each card sale is 5 random lines paid with a card for part and cash for the rest (a split tender,
 * the common case at a counter), so its writes differ from the cash sale only by the card's.
 */
import { randomUUID } from 'node:crypto';
import { benchCode } from './catalogue.ts';
import { drive, makePremium } from './checkout.ts';
import { call, type BenchServer } from './server.ts';
import type { Row } from './table.ts';

const LINES = 5;
const RATIO = 0.8;
/** Cards sold per setup sale (a sale has at most 200 lines). */
const CARDS_PER_SALE = 100;
/** What a spread-load sale takes from its card: a bench product costs more, so the card never pays it all. */
const SPEND = 100;
/** Each spread card holds three spends: should the load outrun the cards sold, a second round still pays. */
const SPREAD_CARD_VALUE = 3 * SPEND;
const SHARED_CARDS = 10;
/** Each shared sale takes 1 minor unit: a card of 10^8 never runs dry in a run. */
const SHARED_CARD_VALUE = 100_000_000;

const perSecond = (n: number) => `${Math.round(n).toLocaleString('en-US')}/s`;

function saleBody(products: number, card: { code: string; amount: number } | null): string {
  const lines = Array.from({ length: LINES }, () => ({
    code: benchCode(Math.floor(Math.random() * products)),
    quantity: 1 + Math.floor(Math.random() * 3),
  }));
  const cash = { method: 'CASH', currency: 'USD', amount: 100_000_000 };
  return JSON.stringify({
    clientId: randomUUID(),
    status: 'COMPLETED',
    lines,
    payments: card
      ? [{ method: 'STORED_VALUE', currency: 'USD', amount: card.amount, cardCode: card.code }, cash]
      : [cash],
  });
}

/** Sells `count` gift cards of `value` each (paid in cash), 25 setup sales at a time; returns their codes. */
async function sellCards(server: BenchServer, headers: Record<string, string>, count: number, value: number) {
  const sales = Math.ceil(count / CARDS_PER_SALE);
  const codes: string[] = [];
  for (let s = 0; s < sales; s += 25) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(25, sales - s) }, (_, k) => {
        const n = Math.min(CARDS_PER_SALE, count - (s + k) * CARDS_PER_SALE);
        return call<{ lines: Array<{ giftCardCode?: string | null }> }>(`${server.url}/api/secure/shop/transaction`, {
          method: 'POST',
          headers,
          json: {
            clientId: randomUUID(),
            status: 'COMPLETED',
            lines: Array.from({ length: n }, () => ({ quantity: 1, giftCard: { amount: value } })),
            payment: { method: 'CASH', currency: 'USD', amount: n * value },
          },
        });
      }),
    );
    for (const sale of batch) for (const line of sale.lines) if (line.giftCardCode) codes.push(line.giftCardCode);
  }
  if (codes.length !== count) throw new Error(`sold ${codes.length} gift cards of ${count}`);
  return codes;
}

interface Alternated {
  cash: number;
  card: number;
  cashFailed: number;
  cardFailed: number;
}

/** Warm both, then cash, card, cash, card: answered sales per second of each. */
async function alternate(
  server: BenchServer,
  headers: Record<string, string>,
  products: number,
  seconds: number,
  nextCard: () => { code: string; amount: number },
): Promise<Alternated> {
  const sale = (card: boolean) => () =>
    drive(server.url, seconds / 2, headers, () => ({
      method: 'POST',
      path: '/api/secure/shop/transaction',
      body: saleBody(products, card ? nextCard() : null),
    }));
  await sale(false)();
  await sale(true)();
  const a1 = await sale(false)();
  const b1 = await sale(true)();
  const a2 = await sale(false)();
  const b2 = await sale(true)();
  return {
    cash: (a1.ok + a2.ok) / seconds,
    card: (b1.ok + b2.ok) / seconds,
    cashFailed: a1.failed + a2.failed,
    cardFailed: b1.failed + b2.failed,
  };
}

function row(what: string, m: Alternated): Row {
  const ratio = m.cash > 0 ? m.card / m.cash : 0;
  const failed = m.cardFailed > 0 ? `, ${m.cardFailed} card sales refused` : '';
  return {
    what,
    value: `${perSecond(m.card)} = ${ratio.toFixed(2)}× cash${failed}`,
    budget: `≥ ${RATIO}× the cash checkout`,
    baseline: `cash ${perSecond(m.cash)} (same run, alternated)`,
    ok: ratio >= RATIO && m.cashFailed === 0 && m.cardFailed === 0,
  };
}

/**
 * `BENCH_ONLY=checkout-gift-cards`: the spread and shared card loads beside the cash checkout.
 * The spread load needs a card per sale: the setup sells `cards` (BENCH_GIFT_CARDS, default 60,000,
 * more than a 2-core machine sells in the load's 3 × `seconds`), each holding three spends.
 */
export async function storedValueCheckoutRows(
  server: BenchServer,
  headers: Record<string, string>,
  urlName: string,
  products: number,
  seconds: number,
): Promise<Row[]> {
  await makePremium(server, urlName);
  const count = Number(process.env.BENCH_GIFT_CARDS ?? 60_000);
  const started = performance.now();
  const spread = await sellCards(server, headers, count, SPREAD_CARD_VALUE);
  const shared = await sellCards(server, headers, SHARED_CARDS, SHARED_CARD_VALUE);
  console.log(`  ${count + SHARED_CARDS} gift cards sold in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  let next = 0;
  const spreadLoad = await alternate(server, headers, products, seconds, () => ({
    code: spread[next++ % spread.length]!,
    amount: SPEND,
  }));
  const spreadUsed = next;
  let turn = 0;
  const sharedLoad = await alternate(server, headers, products, seconds, () => ({
    code: shared[turn++ % SHARED_CARDS]!,
    amount: 1,
  }));
  const wrapped = spreadUsed > spread.length ? ` (cards reused: ${spreadUsed} spends of ${spread.length})` : '';
  return [
    row(`checkout paid with a gift card, a different card each sale, 50 clients${wrapped}`, spreadLoad),
    row(`checkout paid with a gift card, 50 clients sharing ${SHARED_CARDS} cards`, sharedLoad),
  ];
}
