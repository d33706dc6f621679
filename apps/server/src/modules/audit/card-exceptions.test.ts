import { randomUUID } from 'node:crypto';
import { parseCsvRows, type ExceptionRow } from '@shopdesk/shared';
import { describe, expect, it } from 'vitest';
import { createUser, inviteMember } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { expectStoredValueConsistent } from '../../test/ledger.ts';
import { sellGiftCard } from '../../test/stored-value.ts';

/**
 * Gift cards in the exceptions report (issue 43): the owner's adjustments with their amount and
 * reason, blocks and unblocks, each naming the card by its last four only.
 */
describe.each(engines)('gift cards in the exceptions report on %s', (engine) => {
  const t = useTestApp(engine);

  it('lists adjustments, blocks and unblocks by who made them, with the card masked', async () => {
    const owner = await createUser(t, { name: 'Olive Owner' });
    const code = await sellGiftCard(t, owner, 5_000);
    const last4 = code.slice(-4);
    const call = (path: string, body: unknown) =>
      t.request('POST', `/api/secure/stored-value/code/${code}/${path}`, { token: owner.token, body });
    expect((await call('adjust', { clientId: randomUUID(), amount: -1_500, reason: 'Sold twice' })).status).toBe(200);
    t.clock.advance(1_000);
    expect((await call('block', { blocked: true, reason: 'Reported lost' })).status).toBe(200);
    t.clock.advance(1_000);
    expect((await call('block', { blocked: false, reason: 'Found again' })).status).toBe(200);
    const day = t.clock.now().toISOString().slice(0, 10);
    const res = await t.request('GET', `/api/secure/report/exceptions?from=${day}&to=${day}`, { token: owner.token });
    expect(res.status, res.text).toBe(200);
    const rows = (res.body.rows as ExceptionRow[]).filter((r) => r.kind.startsWith('CARD_'));
    expect(rows.map((r) => [r.kind, r.userName, r.amount, r.saleCode, r.detail])).toEqual([
      ['CARD_UNBLOCK', 'Olive Owner', null, null, `•••• ${last4}: Found again`],
      ['CARD_BLOCK', 'Olive Owner', null, null, `•••• ${last4}: Reported lost`],
      ['CARD_ADJUST', 'Olive Owner', -1_500, null, `•••• ${last4}: Sold twice`],
    ]);
    expect(res.text).not.toContain(code);
    const totals = Object.fromEntries(
      res.body.totals.map((x: { kind: string; count: number; amount: number }) => [x.kind, [x.count, x.amount]]),
    );
    expect(totals).toMatchObject({ CARD_ADJUST: [1, -1_500], CARD_BLOCK: [1, 0], CARD_UNBLOCK: [1, 0] });
    const file = await t.request('GET', `/api/secure/report/exceptions.csv?from=${day}&to=${day}`, {
      token: owner.token,
    });
    expect(file.status, file.text).toBe(200);
    const lines = parseCsvRows(file.text);
    expect(lines.find((l) => l[1] === 'CARD_ADJUST')).toBeDefined();

    // A member without REPORTS sees only their own rows: none of the owner's card rows.
    const cashier = await inviteMember(t, owner, { role: 'CASHIER' });
    const own = await t.request('GET', `/api/secure/report/exceptions?from=${day}&to=${day}`, {
      token: cashier.token,
      headers: { 'x-store': owner.store.urlName },
    });
    expect(own.status, own.text).toBe(200);
    expect((own.body.rows as ExceptionRow[]).filter((r) => r.kind.startsWith('CARD_'))).toEqual([]);
    await expectStoredValueConsistent(t, owner.store.id);
  });
});
