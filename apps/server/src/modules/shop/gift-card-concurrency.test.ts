import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addMember, createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type TestApp } from '../../test/harness.ts';
import { expectStoredValueConsistent } from '../../test/ledger.ts';
import { createProduct, ean13 } from '../../test/products.ts';
import { exited, startServer } from '../../test/server-process.ts';
import { makeTill, onTill, setOwnPin, unlockOn } from '../../test/till-world.ts';

/**
 * Two tills, or two server processes, spending one gift card at once (product.md §5: "two tills can
 * never spend the same balance twice"): the guarded decrement in the sale's write lets exactly as
 * many spends through as the balance holds, refuses the others with 409 INSUFFICIENT_BALANCE, and
 * leaves the ledger exact.
 */

const SPENDS = 20;
const PRICE = 1000;
/** Holds seven spends: thirteen of the twenty must be refused. */
const CARD = 7 * PRICE;

async function sellCard(t: TestApp, u: TestUser, amount: number): Promise<string> {
  const res = await t.request<{ lines: { giftCardCode?: string | null }[] }>('POST', '/api/secure/shop/transaction', {
    token: u.token,
    body: {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ quantity: 1, giftCard: { amount } }],
      payment: { method: 'CASH', currency: 'USD', amount },
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.lines[0]!.giftCardCode!;
}

const spendBody = (productCode: string, cardCode: string) => ({
  clientId: randomUUID(),
  status: 'COMPLETED',
  lines: [{ code: productCode, quantity: 1 }],
  payments: [{ method: 'STORED_VALUE', currency: 'USD', amount: PRICE, cardCode }],
});

async function expectSpentExactly(t: TestApp, u: TestUser, code: string, statuses: number[]) {
  expect(statuses.filter((s) => s === 201)).toHaveLength(CARD / PRICE);
  expect(statuses.filter((s) => s === 409)).toHaveLength(SPENDS - CARD / PRICE);
  const card = await t.db
    .selectFrom('stored_value_accounts')
    .select('balance')
    .where('store_id', '=', u.store.id)
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  expect(Number(card.balance)).toBe(0);
  await expectStoredValueConsistent(t, u.store.id);
}

describe.each(engines)('one gift card spent at once on %s', (engine) => {
  const t = useTestApp(engine);

  it(`${SPENDS} spends from two tills take exactly the balance`, async () => {
    const u = await createUser(t, { secondCurrency: null });
    const cashier = await createUser(t);
    await addMember(t, u.store, cashier, 'CASHIER', ['SELL']);
    const product = await createProduct(t, u, { code: ean13(), price: PRICE, quantity: 1000 });
    const code = await sellCard(t, u, CARD);
    await setOwnPin(t, u, cashier, '482913');
    const tills = [await makeTill(t, u, 'Till 1'), await makeTill(t, u, 'Till 2')];
    const members = await Promise.all(tills.map((till) => unlockOn(t, till, cashier, '482913')));
    const results = await Promise.all(
      Array.from({ length: SPENDS }, (_, i) =>
        onTill(t, tills[i % 2]!, 'POST', '/api/secure/shop/transaction', members[i % 2], {
          body: spendBody(product.code, code),
        }),
      ),
    );
    for (const r of results) if (r.status === 409) expect(r.body.code, r.text).toBe('INSUFFICIENT_BALANCE');
    await expectSpentExactly(
      t,
      u,
      code,
      results.map((r) => r.status),
    );
  });

  it.runIf(engine === 'postgres')(
    `${SPENDS} spends through two server processes take exactly the balance`,
    { timeout: 120_000 },
    async () => {
      const u = await createUser(t, { secondCurrency: null });
      const product = await createProduct(t, u, { code: ean13(), price: PRICE, quantity: 1000 });
      const code = await sellCard(t, u, CARD);
      const servers = await Promise.all([startServer(t.databaseEnv), startServer(t.databaseEnv)]);
      try {
        const statuses = await Promise.all(
          Array.from({ length: SPENDS }, async (_, i) => {
            const res = await fetch(`${servers[i % 2]!.url}/api/secure/shop/transaction`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${u.token}` },
              body: JSON.stringify(spendBody(product.code, code)),
            });
            const body = (await res.json()) as { code?: string };
            if (res.status === 409) expect(body.code).toBe('INSUFFICIENT_BALANCE');
            return res.status;
          }),
        );
        await expectSpentExactly(t, u, code, statuses);
      } finally {
        for (const s of servers) s.child.kill('SIGTERM');
        await Promise.all(servers.map((s) => exited(s.child)));
      }
    },
  );
});
