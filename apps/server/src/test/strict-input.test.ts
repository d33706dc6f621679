import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { createUser, expectFieldErrors, signUpBody, type TestUser } from './factories.ts';
import { engines, useTestApp } from './harness.ts';
import { createProduct, productBody } from './products.ts';
import { sellForCash } from './sales.ts';
import { sellGiftCard } from './stored-value.ts';
import { displayState, pairDisplay } from './display.ts';

/** Money, text and path numbers from files and the API are read strictly. */
describe.each(engines)('strict input on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  beforeAll(async () => {
    u = await createUser(t);
  });

  const importRows = (rows: { line: number; code: string; name: string; price: string; cost?: string }[]) =>
    api(t).post('/api/secure/product/import', { token: u.token, body: { importId: randomUUID(), batch: 0, rows } });

  describe('money', () => {
    it('refuses an exponent, letters or markup in a CSV money cell, naming the line and field', async () => {
      const res = await importRows([
        { line: 2, code: 'EXP-1', name: 'Exponent', price: '1e999' },
        { line: 3, code: 'TAG-1', name: 'Markup', price: '<script>' },
        { line: 4, code: 'HEX-1', name: 'Hex', price: '0x10' },
        { line: 5, code: 'TXT-1', name: 'Letters', price: '1.00', cost: '12abc' },
        { line: 6, code: 'OK-1', name: 'Fine', price: '$1,234.50', cost: '2' },
      ]);
      expect(res.status, res.text).toBe(200);
      if (!res.ok) return;
      expect(res.body.created).toBe(1);
      expect(res.body.errors.map((e) => [e.line, e.field])).toEqual([
        [2, 'price'],
        [3, 'price'],
        [4, 'price'],
        [5, 'cost'],
      ]);
      for (const e of res.body.errors) expect(e.message).toMatch(/digits/);
      const fine = await api(t).get('/api/secure/product/code/{code}', { token: u.token, params: { code: 'OK-1' } });
      expect(fine.ok && [fine.body.price, fine.body.cost]).toEqual([123450, 200]);
    });

    it('answers 400 naming the field for an API amount that is infinite, not a number or too large', async () => {
      const body = JSON.stringify(productBody()).replace('"price":199', '"price":1e999');
      expectFieldErrors(
        await t.request('POST', '/api/secure/product', {
          token: u.token,
          raw: body,
          headers: { 'content-type': 'application/json' },
        }),
        ['price'],
      );
      for (const price of ['NaN', 1e13, 1.5, -1, '100']) {
        const res = await t.request('POST', '/api/secure/product', {
          token: u.token,
          body: productBody({ price } as object),
        });
        expectFieldErrors(res, ['price']);
      }
    });
  });

  describe('text', () => {
    const hostile = ['Tea\u0000', 'gnp.\u202Eexe', 'two\r\nlines', 'lone \uD800'];

    it('refuses control characters, bidi overrides, line breaks and lone surrogates in one-line fields', async () => {
      for (const name of hostile) {
        const res = await api(t).post('/api/secure/product', { token: u.token, body: productBody({ name }) });
        expectFieldErrors(res, ['name']);
      }
      const store = await api(t).put('/api/secure/virtual-store/{urlName}', {
        token: u.token,
        params: { urlName: u.store.urlName },
        body: {
          name: 'Shop',
          mainCurrency: 'USD',
          secondCurrency: null,
          timezone: 'UTC',
          address: '1 Main St\n2nd floor',
          phone: '',
        },
      });
      expectFieldErrors(store, ['address']);
      expectFieldErrors(await t.request('POST', '/api/auth/signUp', { body: signUpBody({ name: 'Ada\u202E' }) }), [
        'name',
      ]);
    });

    it('normalizes to NFC and keeps line breaks in a description', async () => {
      const res = await api(t).post('/api/secure/product', {
        token: u.token,
        body: productBody({ name: 'Cafe\u0301', description: 'one\r\ntwo' }),
      });
      expect(res.status, res.text).toBe(201);
      expect(res.ok && [res.body.name, res.body.description]).toEqual(['Café', 'one\ntwo']);
    });

    it('holds CSV rows to the same text rules, by line and field', async () => {
      const res = await importRows([{ line: 7, code: 'NUL-1', name: 'Tea\u0000', price: '1' }]);
      expect(res.ok && res.body.errors.map((e) => [e.line, e.field])).toEqual([[7, 'name']]);
    });
  });

  describe('text path parameters', () => {
    // Found by the schema fuzzer: PostgreSQL refuses NUL in text, so these answered 500 there.
    it('answers 400 naming the parameter for a NUL in a product code, store or file path', async () => {
      const as = { token: u.token };
      expectFieldErrors(await t.request('GET', '/api/secure/product/code/a%00b', as), ['code']);
      expectFieldErrors(await t.request('DELETE', '/api/secure/product/code/a%00b', as), ['code']);
      expectFieldErrors(await t.request('GET', `/api/secure/file/data/a%00b/${randomUUID()}`, as), ['storeUrl']);
      const details = {
        name: 'Shop',
        mainCurrency: 'USD',
        secondCurrency: null,
        timezone: 'UTC',
        address: '',
        phone: '',
      };
      expectFieldErrors(await t.request('PUT', '/api/secure/virtual-store/a%00b', { ...as, body: details }), [
        'urlName',
      ]);
    });
  });

  describe('numeric path parameters', () => {
    it.each(['0x10', '1e1', '+1', '1.0', '%201'])('refuses page %s, naming the field', async (page) => {
      const res = await t.request('GET', `/api/secure/product/search/window/${page}/20`, { token: u.token });
      expectFieldErrors(res, ['page']);
    });

    it('reads decimal digits', async () => {
      const res = await api(t).get('/api/secure/product/search/window/{page}/{size}', {
        token: u.token,
        params: { page: '00', size: '5' },
      });
      expect(res.ok && [res.body.page, res.body.size]).toEqual([0, 5]);
    });
  });

  describe('items', () => {
    const tee = (option: string, value: string, price: unknown = 1500) => ({
      name: 'Tee',
      options: [{ name: option, values: [value] }],
      variants: [{ optionValues: [value], code: `TEE-${randomUUID().slice(0, 8)}`, price }],
    });

    it('refuses hostile text in option names and values, naming the field', async () => {
      for (const bad of ['Size\u0000', 'gnp.\u202Eexe', 'two\r\nlines', 'lone \uD800']) {
        const named = await t.request('POST', '/api/secure/item', { token: u.token, body: tee(bad, 'S') });
        expectFieldErrors(named, ['options.0.name']);
        const valued = await t.request('POST', '/api/secure/item', { token: u.token, body: tee('Size', bad) });
        expect(valued.status, valued.text).toBe(400);
        expect(valued.body.details.map((d: { field: string }) => d.field)).toContain('options.0.values.0');
      }
    });

    it('answers 400 naming the field for a variant price that is infinite, not a whole number or too large', async () => {
      const raw = JSON.stringify(tee('Size', 'S')).replace('"price":1500', '"price":1e999');
      expectFieldErrors(
        await t.request('POST', '/api/secure/item', {
          token: u.token,
          raw,
          headers: { 'content-type': 'application/json' },
        }),
        ['variants.0.price'],
      );
      for (const price of ['NaN', 1e13, 1.5, -1, '100']) {
        const res = await t.request('POST', '/api/secure/item', { token: u.token, body: tee('Size', 'S', price) });
        expectFieldErrors(res, ['variants.0.price']);
      }
    });

    it('normalizes option values to NFC, so a variant names the value as its option does', async () => {
      const res = await t.request('POST', '/api/secure/item', {
        token: u.token,
        body: { ...tee('Colour', 'Cre\u0300me'), variants: [{ optionValues: ['Cr\u00e8me'], price: 100 }] },
      });
      expect(res.status, res.text).toBe(201);
      expect([res.body.options[0].values[0], res.body.variants[0].name]).toEqual(['Cr\u00e8me', 'Tee (Cr\u00e8me)']);
    });

    it('answers 400 naming the parameter for a NUL in an item id, and reads window numbers strictly', async () => {
      const as = { token: u.token };
      expectFieldErrors(await t.request('GET', '/api/secure/item/a%00b', as), ['id']);
      expectFieldErrors(await t.request('DELETE', '/api/secure/item/a%00b', as), ['id']);
      expectFieldErrors(await t.request('GET', '/api/secure/item/search/window/0x10/20', as), ['page']);
      expectFieldErrors(await t.request('GET', '/api/secure/item/search/window/0/20?q=tea%00', as), ['q']);
    });
  });

  describe('gift cards', () => {
    it('answers 400 naming the field for a card amount that is not a whole number, a hostile reason or a NUL in a code', async () => {
      const code = await sellGiftCard(t, u, 1000);
      const path = `/api/secure/stored-value/code/${code}/adjust`;
      const raw = JSON.stringify({ clientId: randomUUID(), amount: 1, reason: 'Fix' }).replace(
        '"amount":1',
        '"amount":1e999',
      );
      expectFieldErrors(
        await t.request('POST', path, { token: u.token, raw, headers: { 'content-type': 'application/json' } }),
        ['amount'],
      );
      for (const amount of ['NaN', 1.5, '100', 0, 1e13]) {
        const res = await t.request('POST', path, {
          token: u.token,
          body: { clientId: randomUUID(), amount, reason: 'Fix' },
        });
        expectFieldErrors(res, ['amount']);
      }
      for (const reason of ['Lost\u0000', 'two\r\nlines', 'gnp.\u202Eexe', '']) {
        const res = await t.request('POST', `/api/secure/stored-value/code/${code}/block`, {
          token: u.token,
          body: { blocked: true, reason },
        });
        expectFieldErrors(res, ['reason']);
      }
      for (const bad of ['a%00b12345678', '1234%2F5678901234']) {
        expectFieldErrors(await t.request('GET', `/api/secure/stored-value/code/${bad}`, { token: u.token }), ['code']);
      }
      const at = await t.request('GET', '/api/secure/stored-value/liability?at=2026-13-01', { token: u.token });
      expectFieldErrors(at, ['at']);
    });
  });
  describe('receipt mail', () => {
    it('answers 400 naming the field for a hostile address, language or flag, and a NUL in the code', async () => {
      const product = await createProduct(t, u, { price: 100 });
      const sale = await sellForCash(t, u, product.code);
      const path = `/api/secure/shop/transaction/${sale.code}/receipt-mail`;
      const hostile = ['a@b.co\r\nBcc: x@evil.test', 'a\u0000@b.co', 'gnp.\u202E@b.co', `${'x'.repeat(250)}@b.co`, ''];
      for (const email of hostile) {
        expectFieldErrors(await t.request('POST', path, { token: u.token, body: { email } }), ['email']);
      }
      const email = 'buyer@example.com';
      for (const [extra, field] of [
        [{ locale: 'fr-FR' }, 'locale'],
        [{ keepAddress: 'yes' }, 'keepAddress'],
      ] as const) {
        expectFieldErrors(await t.request('POST', path, { token: u.token, body: { email, ...extra } }), [field]);
      }
      const unknown = await t.request('POST', path, { token: u.token, body: { email, bcc: 'x@evil.test' } });
      expect(unknown.status, unknown.text).toBe(400);
      const nul = `/api/secure/shop/transaction/a%00b/receipt-mail`;
      expectFieldErrors(await t.request('POST', nul, { token: u.token, body: { email } }), ['code']);
      expect(t.mails.filter((m) => m.subject.startsWith('Your receipt'))).toEqual([]);
    });
  });

  describe('customer display', () => {
    it('refuses a state with an unknown field, an infinite or fractional amount, and hostile names, naming the field', async () => {
      const as = { token: u.token, headers: { 'x-store': u.store.urlName } };
      const p = await pairDisplay(t, u);
      const path = `/api/secure/display/pair/${p.id}/state`;
      const raw = JSON.stringify(displayState(1)).replace('"total":500,"second"', '"total":1e999,"second"');
      expectFieldErrors(
        await t.request('PUT', path, { ...as, raw, headers: { ...as.headers, 'content-type': 'application/json' } }),
        ['total'],
      );
      for (const total of ['NaN', 1.5, '100', 1e13]) {
        expectFieldErrors(await t.request('PUT', path, { ...as, body: displayState(1, { total } as object) }), [
          'total',
        ]);
      }
      const withCost = displayState(1);
      Object.assign(withCost.lines[0]!, { cost: 120 });
      const costly = await t.request('PUT', path, { ...as, body: withCost });
      expect(costly.status, costly.text).toBe(400);
      for (const name of ['Tab\u0000', 'gnp.\u202Eexe', 'two\r\nlines', 'lone \uD800']) {
        const res = await t.request('POST', '/api/secure/display/pair', { ...as, body: { name } });
        expectFieldErrors(res, ['name']);
      }
      expectFieldErrors(await t.request('DELETE', '/api/secure/display/pair/a%00b', as), ['id']);
      expectFieldErrors(await t.request('GET', `/api/public/display/${'a'.repeat(42)}%00`), ['token']);
    });
  });
});
