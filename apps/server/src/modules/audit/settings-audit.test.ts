import type { AuditEvent, PaymentMethod } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { SAMPLE_PNG } from '../../test/sweep-world.ts';

/*
 * Issue 41 ("Till authority"), smaller findings: the store settings a manager changes with
 * SETTINGS are in the audit log, under who changed them (the caller, never the body): tenders,
 * barcode rules, the till's lock settings, the manual exchange rate, the receipt logo.
 */
describe.each(engines)('settings in the audit log on %s', (engine) => {
  const t = useTestApp(engine);
  let owner: TestUser;
  let manager: TestUser;

  const as = (u: TestUser) => ({ token: u.token, headers: { 'x-store': owner.store.urlName } });
  const store = () => `/api/secure/virtual-store/${owner.store.urlName}`;
  /** The store's events of these actions, oldest first. */
  const events = async (...actions: string[]) => {
    const found: AuditEvent[] = [];
    for (const action of actions) {
      const res = await t.request('GET', `${store()}/audit/window/0/100?action=${action}`, as(owner));
      expect(res.status, res.text).toBe(200);
      found.push(...(res.body.items as AuditEvent[]));
    }
    return found.sort((a, b) => a.id.localeCompare(b.id));
  };
  const brief = (e: AuditEvent) => [e.action, e.entity, e.entityCode, e.summary, e.userId];

  beforeAll(async () => {
    owner = await createUser(t); // USD main, JPY second
    manager = await createUser(t, { name: 'Mona Manager' });
    await addMember(t, owner.store, manager, 'MANAGER');
  });

  it('records each payment method added, edited and taken off, by who saved the list', async () => {
    const current = await t.request<PaymentMethod[]>('GET', `${store()}/payment-methods`, as(manager));
    expect(current.status, current.text).toBe(200);
    const methods = current.body.map(({ id, name, defaultName, kind, needsReference, opensDrawer, enabled }) => ({
      id,
      name,
      defaultName,
      kind,
      needsReference,
      opensDrawer,
      enabled,
    }));
    const [cash, card, ...others] = methods;
    expect(cash!.kind).toBe('CASH');
    const body = {
      methods: [
        { ...cash!, position: 0 },
        // The card renamed; the others (if any) taken off; a voucher added.
        { ...card!, name: 'House card', position: 1 },
        {
          name: 'Gift voucher',
          defaultName: null,
          kind: 'VOUCHER',
          needsReference: true,
          opensDrawer: false,
          enabled: true,
          position: 2,
        },
      ],
    };
    const saved = await t.request<PaymentMethod[]>('PUT', `${store()}/payment-methods`, { ...as(manager), body });
    expect(saved.status, saved.text).toBe(200);
    const voucher = saved.body.find((m) => m.name === 'Gift voucher')!;
    const me = manager.user.userId;
    expect((await events('PAYMENT_METHOD_CREATE', 'PAYMENT_METHOD_EDIT', 'PAYMENT_METHOD_DELETE')).map(brief)).toEqual(
      expect.arrayContaining([
        ['PAYMENT_METHOD_EDIT', 'PAYMENT_METHOD', card!.id, 'House card', me],
        ['PAYMENT_METHOD_CREATE', 'PAYMENT_METHOD', voucher.id, 'Gift voucher', me],
        ...others.map((m) => ['PAYMENT_METHOD_DELETE', 'PAYMENT_METHOD', m.id, m.name ?? m.defaultName, me]),
      ]),
    );
    expect(await events('PAYMENT_METHOD_CREATE', 'PAYMENT_METHOD_EDIT', 'PAYMENT_METHOD_DELETE')).toHaveLength(
      2 + others.length,
    );
    // Saving the same list again changes no method, and records nothing.
    const again = await t.request('PUT', `${store()}/payment-methods`, {
      ...as(manager),
      body: {
        methods: saved.body.map(({ id, name, defaultName, kind, needsReference, opensDrawer, enabled, position }) => ({
          id,
          name,
          defaultName,
          kind,
          needsReference,
          opensDrawer,
          enabled,
          position,
        })),
      },
    });
    expect(again.status, again.text).toBe(200);
    expect(await events('PAYMENT_METHOD_CREATE', 'PAYMENT_METHOD_EDIT', 'PAYMENT_METHOD_DELETE')).toHaveLength(
      2 + others.length,
    );
  });

  it('records the barcode rules, the till settings and the manual rate, set and cleared', async () => {
    const rules = await t.request('PUT', '/api/secure/barcode-rules', {
      ...as(manager),
      body: {
        rules: [
          {
            prefix: '21',
            itemDigits: 5,
            valueDigits: 5,
            value: 'WEIGHT',
            decimals: 3,
            valueCheckDigit: false,
            position: 0,
          },
          {
            prefix: '20',
            itemDigits: 5,
            valueDigits: 5,
            value: 'PRICE',
            decimals: 0,
            valueCheckDigit: false,
            position: 1,
          },
        ],
      },
    });
    expect(rules.status, rules.text).toBe(200);
    // A minute between writes: the log is ordered by time.
    t.clock.advance(60_000);
    const till = await t.request('PUT', '/api/secure/till/settings', {
      ...as(manager),
      body: { lockAfterSale: false, idleLockMinutes: 15 },
    });
    expect(till.status, till.text).toBe(200);
    t.clock.advance(60_000);
    const rate = (value: string | null) =>
      t.request('PUT', `${store()}/exchange-rate`, { ...as(manager), body: { rate: value } });
    expect((await rate('150.25')).status).toBe(200);
    t.clock.advance(60_000);
    expect((await rate(null)).status).toBe(200);

    const me = manager.user.userId;
    const url = owner.store.urlName;
    expect((await events('BARCODE_RULES', 'TILL_SETTINGS', 'EXCHANGE_RATE')).map(brief)).toEqual([
      ['BARCODE_RULES', 'STORE', url, '21,20', me],
      ['TILL_SETTINGS', 'STORE', url, '0 15', me],
      ['EXCHANGE_RATE', 'STORE', url, 'USD JPY 150.25', me],
      ['EXCHANGE_RATE', 'STORE', url, 'USD JPY', me],
    ]);
    // A refused change (an implausible rate) is no event.
    const refused = await rate('0.0000001');
    expect(refused.status).toBe(400);
    expect(await events('EXCHANGE_RATE')).toHaveLength(2);
  });

  it('records a receipt logo removed, once, and not a profile picture', async () => {
    const logo = `${owner.user.userId}-${owner.store.id}-receipt`;
    const file = (id: string) => `/api/secure/file/data/${owner.store.urlName}/${id}`;
    const put = await t.request('PUT', file(logo), {
      token: owner.token,
      raw: SAMPLE_PNG,
      headers: { 'content-type': 'image/png' },
    });
    expect(put.status, put.text).toBe(200);
    expect((await t.request('DELETE', file(logo), as(manager))).status).toBe(204);
    expect((await t.request('GET', file(logo), as(owner))).status).toBe(404);
    // Nothing left to remove: nothing changed, nothing recorded.
    expect((await t.request('DELETE', file(logo), as(manager))).status).toBe(204);
    const profile = `${manager.user.userId}-${owner.store.urlName}-profile`;
    expect(
      (
        await t.request('PUT', file(profile), {
          ...as(manager),
          raw: SAMPLE_PNG,
          headers: { ...as(manager).headers, 'content-type': 'image/png' },
        })
      ).status,
    ).toBe(200);
    expect((await t.request('DELETE', file(profile), as(manager))).status).toBe(204);
    expect((await events('RECEIPT_LOGO_DELETE')).map(brief)).toEqual([
      ['RECEIPT_LOGO_DELETE', 'STORE', owner.store.urlName, '', manager.user.userId],
    ]);
  });
});
