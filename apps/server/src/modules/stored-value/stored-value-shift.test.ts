import { randomUUID } from 'node:crypto';
import type { ShiftReport } from '@shopdesk/shared';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { expectStoredValueConsistent } from '../../test/ledger.ts';
import { sellGiftCard } from '../../test/stored-value.ts';

/**
 * The Z report lists what gift cards paid under their own method, apart from cash, and never
 * counts it in the drawer's expected cash (product.md §5: no card is paid out in cash).
 */
describe.each(engines)('stored value in the Z report on %s', (engine) => {
  const t = useTestApp(engine);

  it('shows a sale paid part by card, part in cash, as two rows; expected cash counts only the cash', async () => {
    const u = await createUser(t);
    const settings = await t.request('PUT', `/api/secure/virtual-store/${u.store.urlName}/sale-settings`, {
      token: u.token,
      body: { taxMode: 'NONE', defaultTaxRate: 0, cashRounding: 0, shiftsEnabled: true },
    });
    expect(settings.status, settings.text).toBe(200);
    const opened = await t.request<ShiftReport>('POST', '/api/secure/shop/shift', {
      token: u.token,
      body: { float: [{ currency: 'USD', amount: 10_000 }] },
    });
    expect(opened.status, opened.text).toBe(201);
    // The card itself is sold for cash: that cash is in the drawer.
    const code = await sellGiftCard(t, u, 5_000);
    const sale = await t.request('POST', '/api/secure/shop/transaction', {
      token: u.token,
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [{ name: 'Tea set', unitPrice: 3_000, quantity: 1 }],
        payments: [
          { method: 'STORED_VALUE', currency: 'USD', amount: 2_000, cardCode: code },
          { method: 'CASH', currency: 'USD', amount: 1_000 },
        ],
      },
    });
    expect(sale.status, sale.text).toBe(201);
    const closed = await t.request<ShiftReport>('POST', `/api/secure/shop/shift/${opened.body.id}/close`, {
      token: u.token,
      body: {
        counts: [
          {
            currency: 'USD',
            denominations: [
              { value: 10_000, count: 1 },
              { value: 5_000, count: 1 },
              { value: 1_000, count: 1 },
            ],
          },
          { currency: 'JPY', denominations: [] },
        ],
      },
    });
    expect(closed.status, closed.text).toBe(200);
    const usd = closed.body.cash.find((c) => c.currency === 'USD')!;
    expect(usd).toMatchObject({ float: 10_000, cashSales: 6_000, expected: 16_000, counted: 16_000, difference: 0 });
    const rows = closed.body.byMethod.map((m) => [m.methodId, m.defaultName, m.kind, m.method, m.amount]);
    expect(rows).toContainEqual(['GIFT_CARD', 'GIFT_CARD', 'VOUCHER', expect.any(String), 2_000]);
    const cash = closed.body.byMethod.find((m) => m.kind === 'CASH');
    expect(cash?.amount).toBe(6_000);
    expect(closed.body.byMethod.find((m) => m.methodId === 'GIFT_CARD')?.method).not.toBe('CASH');
    await expectStoredValueConsistent(t, u.store.id);
  });
});
