/**
 * The points budget (issue 42): a checkout with a customer attached and points on keeps at least
 * 0.9× the checkout without, in the same run. Both loads alternate (without, with, without, with)
 * so a machine slowing down mid-run weighs on both alike; each figure is the sum of its halves.
 * The customers are many (a sale updates its customer's row: one customer for every sale would
 * measure one hot row, not a shop), and every third sale redeems a point.
 */
import { randomUUID } from 'node:crypto';
import { benchCode } from './catalogue.ts';
import { drive, makePremium } from './checkout.ts';
import { call, type BenchServer } from './server.ts';
import type { Row } from './table.ts';

const LINES = 5;
const CUSTOMERS = 500;
const RATIO = 0.9;

const perSecond = (n: number) => `${Math.round(n).toLocaleString('en-US')}/s`;

function sale(products: number, customerId: string | null, redeem: boolean): string {
  const lines = Array.from({ length: LINES }, () => ({
    code: benchCode(Math.floor(Math.random() * products)),
    quantity: 1 + Math.floor(Math.random() * 3),
  }));
  return JSON.stringify({
    clientId: randomUUID(),
    status: 'COMPLETED',
    lines,
    ...(customerId ? { customerId, ...(redeem ? { pointsRedeemed: 1 } : {}) } : {}),
    payment: { method: 'CASH', currency: 'USD', amount: 100_000_000 },
  });
}

/** Points on (1 point per 100 paid) and CUSTOMERS customers, each given a few points to redeem. */
async function prepare(server: BenchServer, headers: Record<string, string>, urlName: string): Promise<string[]> {
  await call(`${server.url}/api/secure/virtual-store/${urlName}/loyalty`, {
    method: 'PUT',
    headers,
    json: { enabled: true, earnRate: 100, pointValue: 1, minRedeem: 0, expiryMonths: null },
  });
  const ids: string[] = [];
  for (let i = 0; i < CUSTOMERS; i += 25) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(25, CUSTOMERS - i) }, (_, k) =>
        call<{ id: string }>(`${server.url}/api/secure/customer`, {
          method: 'POST',
          headers,
          json: { name: `Bench customer ${i + k}`, phone: `090${String(i + k).padStart(8, '0')}` },
        }),
      ),
    );
    ids.push(...batch.map((c) => c.id));
  }
  // A first sale each earns the points the load's redemptions use.
  for (let i = 0; i < ids.length; i += 25) {
    await Promise.all(
      ids.slice(i, i + 25).map((id) =>
        call(`${server.url}/api/secure/shop/transaction`, {
          method: 'POST',
          headers,
          json: JSON.parse(sale(1000, id, false)) as unknown,
        }),
      ),
    );
  }
  return ids;
}

export async function customerCheckoutRows(
  server: BenchServer,
  headers: Record<string, string>,
  urlName: string,
  products: number,
  seconds: number,
): Promise<Row[]> {
  await makePremium(server, urlName);
  const customers = await prepare(server, headers, urlName);
  let n = 0;
  const plain = () =>
    drive(server.url, seconds / 2, headers, () => ({
      method: 'POST',
      path: '/api/secure/shop/transaction',
      body: sale(products, null, false),
    }));
  const withCustomer = () =>
    drive(server.url, seconds / 2, headers, () => {
      n++;
      const id = customers[Math.floor(Math.random() * customers.length)]!;
      return { method: 'POST', path: '/api/secure/shop/transaction', body: sale(products, id, n % 3 === 0) };
    });
  // Warm both paths, then alternate.
  await plain();
  await withCustomer();
  const a1 = await plain();
  const b1 = await withCustomer();
  const a2 = await plain();
  const b2 = await withCustomer();
  // A redemption the customer cannot cover any more (two of their sales at once) is a 409, not a failure of the path.
  const without = (a1.ok + a2.ok) / seconds;
  const withPoints = (b1.ok + b2.ok) / seconds;
  const ratio = without > 0 ? withPoints / without : 0;
  return [
    {
      what: `checkout with a customer and points on (${CUSTOMERS} customers, 1 in 3 redeems), 50 clients`,
      value: `${perSecond(withPoints)} = ${ratio.toFixed(2)}× without`,
      budget: `≥ ${RATIO}× the checkout without`,
      baseline: `without a customer ${perSecond(without)} (same run, alternated)`,
      ok: ratio >= RATIO && a1.failed + a2.failed === 0,
    },
  ];
}
