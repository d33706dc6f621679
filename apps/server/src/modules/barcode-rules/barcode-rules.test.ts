import { barcodeRulePreset, type BarcodeRules } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';

/**
 * A store keeps its barcode rules (product.md §4 BarcodeRule), replaced as a list, and its random
 * in-store codes avoid every prefix a rule claims.
 */
describe.each(engines)('barcode rules on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    u = await createUser(t);
    other = await createUser(t);
  });

  const get = (user: TestUser) => t.request<BarcodeRules>('GET', '/api/secure/barcode-rules', { token: user.token });
  const put = (user: TestUser, rules: unknown[]) =>
    t.request<BarcodeRules>('PUT', '/api/secure/barcode-rules', { token: user.token, body: { rules } });

  it('starts empty, stores a preset in order, and keeps each store to its own list', async () => {
    expect((await get(u)).body).toEqual({ rules: [] });
    const jp = barcodeRulePreset('JP');
    const saved = await put(u, [...jp].reverse());
    expect(saved.status, saved.text).toBe(200);
    // Positions come from the list's own positions, renumbered from 0.
    expect(saved.body.rules.map((r) => r.prefix)).toEqual(jp.map((r) => r.prefix));
    expect(saved.body.rules.map((r) => r.position)).toEqual(jp.map((_, i) => i));
    const read = await get(u);
    expect(read.body.rules).toEqual(saved.body.rules);
    expect((await get(other)).body.rules).toEqual([]);

    const cleared = await put(u, []);
    expect(cleared.body.rules).toEqual([]);
  });

  it('refuses a rule outside the in-store ranges or one that does not fill the code', async () => {
    const bad = await put(u, [
      { prefix: '45', itemDigits: 5, valueDigits: 5, value: 'PRICE', decimals: 0, valueCheckDigit: false, position: 0 },
      {
        prefix: '21',
        itemDigits: 4,
        valueDigits: 5,
        value: 'WEIGHT',
        decimals: 3,
        valueCheckDigit: false,
        position: 1,
      },
    ]);
    expect(bad.status, bad.text).toBe(400);
    const fields = (bad.body as unknown as { details: Array<{ field: string }> }).details.map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['rules.0.prefix', 'rules.1.valueDigits']));
    expect((await get(u)).body.rules).toEqual([]);
  });

  it('makes random in-store codes outside every prefix a rule claims', async () => {
    await put(u, barcodeRulePreset('JP'));
    for (let i = 0; i < 20; i++) {
      const res = await t.request<{ code: string }>('GET', '/api/secure/product/random-barcode', { token: u.token });
      expect(res.status, res.text).toBe(200);
      // JP claims 02 and 20–29: what is left is 040–049.
      expect(res.body.code).toMatch(/^04\d{11}$/);
    }
    // Odoo's rules claim 21 and 23: codes stay in the rest of 20–29, as before rules existed.
    await put(u, barcodeRulePreset('ODOO'));
    for (let i = 0; i < 20; i++) {
      const res = await t.request<{ code: string }>('GET', '/api/secure/product/random-barcode', { token: u.token });
      expect(res.body.code).toMatch(/^2[02456789]\d{11}$/);
    }
    await put(u, []);
  });
});
