import { randomUUID } from 'node:crypto';
import type { ShopTransaction } from '@shopdesk/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { throttleKey } from '../../lib/rate-limit.ts';
import { createCustomer, customerNow } from '../../test/customers.ts';
import { createUser, unique, type TestUser } from '../../test/factories.ts';
import { engines, startTestApp, type TestApp } from '../../test/harness.ts';
import { parseMail, type ParsedMail } from '../../test/mail-parse.ts';
import { createProduct } from '../../test/products.ts';
import { startSmtp, type TestSmtp } from '../../test/smtp-server.ts';

const LIMITS = {
  RATE_LIMIT_RECEIPT_MAILS_PER_ADDRESS: '2',
  RATE_LIMIT_RECEIPT_MAILS_PER_STORE: '4',
  RATE_LIMIT_RECEIPT_MAILS_PER_ASKER: '100',
};

/** The receipt by mail from the counter, received by a real SMTP server. */
describe.each(engines)('receipt mail on %s', (engine) => {
  let smtp: TestSmtp;
  let t: TestApp;
  // Each test has a store of its own: the per-store limit is small.
  let owner: TestUser;
  let productCode: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp(engine, { SMTP_URL: smtp.url, MAIL_FROM: 'Shop <receipts@shop.test>', ...LIMITS });
  });
  beforeEach(async () => {
    owner = await createUser(t);
    productCode = (await createProduct(t, owner, { name: 'Green tea', price: 250 })).code;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const address = () => `buyer-${unique()}@example.com`;

  async function sell(u: TestUser, code: string, extra: Record<string, unknown> = {}): Promise<ShopTransaction> {
    const res = await t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', {
      token: u.token,
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [{ code, quantity: 3 }],
        payment: { method: 'CASH', currency: 'USD', amount: 1_000_000 },
        ...extra,
      },
    });
    expect(res.status, res.text).toBe(201);
    return res.body;
  }

  const mailReceipt = (u: TestUser, code: string, body: Record<string, unknown>) =>
    t.request('POST', `/api/secure/shop/transaction/${code}/receipt-mail`, { token: u.token, body });

  function received(to: string): ParsedMail[] {
    return smtp.received.filter((m) => m.to.includes(to)).map((m) => parseMail(m.raw));
  }

  it("mails the sale's receipt, lines, total and the public page's link, in the store's language", async () => {
    const sale = await sell(owner, productCode);
    const to = address();
    const res = await mailReceipt(owner, sale.code, { email: to });
    expect(res.status, res.text).toBe(202);
    expect(res.body).toEqual({ sent: true });
    const [mail] = received(to);
    expect(mail, 'the SMTP server received the receipt').toBeDefined();
    expect(mail!.headers.get('subject')).toBe(`Your receipt from ${owner.store.name}`);
    const link = `http://shop.test/receipt/${sale.code}`;
    for (const part of [mail!.text!, mail!.html!]) {
      expect(part).toContain('Green tea');
      expect(part).toContain('Total');
      expect(part).toContain('$7.50');
      expect(part).toContain(link);
    }
    expect(mail!.html).toMatch(/<a href="http:\/\/shop\.test\/receipt\//);
  });

  it('mails it in Japanese when asked', async () => {
    const sale = await sell(owner, productCode);
    const to = address();
    expect((await mailReceipt(owner, sale.code, { email: to, locale: 'ja-JP' })).status).toBe(202);
    const [mail] = received(to);
    expect(mail!.headers.get('subject')).toMatch(/=\?UTF-8\?|からのレシート/);
    expect(t.lastMailTo(to).subject).toBe(`${owner.store.name}からのレシート`);
    expect(mail!.text).toContain('合計');
    expect(mail!.text).toContain('ご利用いただき');
    expect(mail!.html).toContain('lang="ja"');
  });

  it('answers 429 past the limit per address, a +tag counting as the same mailbox', async () => {
    const sale = await sell(owner, productCode);
    const local = `tagged-${unique()}`;
    for (const to of [`${local}@example.com`, `${local}+2@example.com`]) {
      expect((await mailReceipt(owner, sale.code, { email: to })).status).toBe(202);
    }
    const over = await mailReceipt(owner, sale.code, { email: `${local}+3@example.com` });
    expect(over.status, over.text).toBe(429);
    expect(over.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(over.body.message).toMatch(/mailed to this address/);
    expect(over.headers.get('retry-after')).toBeTruthy();
    expect(received(`${local}+3@example.com`)).toEqual([]);
    // Another address of the same store still gets its receipt.
    expect((await mailReceipt(owner, sale.code, { email: address() })).status).toBe(202);
  });

  it('answers 429 past the limit per store, while another store still mails', async () => {
    const sale = await sell(owner, productCode);
    for (let i = 0; i < 4; i++) expect((await mailReceipt(owner, sale.code, { email: address() })).status).toBe(202);
    const to = address();
    const over = await mailReceipt(owner, sale.code, { email: to });
    expect(over.status, over.text).toBe(429);
    expect(over.body.message).toMatch(/This store has sent too many receipt mails/);
    expect(received(to)).toEqual([]);
    const shop = await createUser(t);
    const elsewhere = await sell(shop, (await createProduct(t, shop, { price: 100 })).code);
    expect((await mailReceipt(shop, elsewhere.code, { email: to })).status).toBe(202);
  });

  it("answers 404 for another store's sale, a parked cart or an unknown code, before any limit counts", async () => {
    const intruder = await createUser(t);
    const sale = await sell(owner, productCode);
    const held = await t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', {
      token: owner.token,
      body: { clientId: randomUUID(), status: 'PARKED', lines: [{ code: productCode, quantity: 1 }] },
    });
    const to = address();
    for (const [u, code] of [
      [intruder, sale.code],
      [owner, held.body.code],
      [owner, 'ZZZZZZZZZZZZ'],
    ] as const) {
      const res = await mailReceipt(u, code, { email: to });
      expect(res.status, res.text).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
    }
    expect(received(to)).toEqual([]);
    const keys = [throttleKey('receipt-mail', 'store', intruder.store.id), throttleKey('receipt-mail', 'address', to)];
    const counted = await t.db.selectFrom('auth_throttles').select('key').where('key', 'in', keys).execute();
    expect(counted, 'no limit counter moved').toEqual([]);
  });

  describe('keepAddress', () => {
    it("stores the address on the sale's customer only when asked", async () => {
      const customer = await createCustomer(t, owner, { email: '' });
      const sale = await sell(owner, productCode, { customerId: customer.id });
      const first = address();
      expect((await mailReceipt(owner, sale.code, { email: first })).status).toBe(202);
      expect((await customerNow(t, owner, customer.id)).email).toBe('');
      const kept = address();
      const res = await mailReceipt(owner, sale.code, { email: kept.toUpperCase(), keepAddress: true });
      expect(res.status, res.text).toBe(202);
      expect(res.body).toEqual({ sent: true });
      expect((await customerNow(t, owner, customer.id)).email).toBe(kept);
      // The customer is found by the address they gave.
      const found = await t.request('GET', `/api/secure/customer/search/window/0/10?q=${encodeURIComponent(kept)}`, {
        token: owner.token,
      });
      expect(found.body.items.map((c: { id: string }) => c.id)).toEqual([customer.id]);
      expect(received(kept)).toHaveLength(1);
    });

    it('stores nothing for a sale without a customer, and still mails, answering the same', async () => {
      const bystander = await createCustomer(t, owner, { email: '' });
      const sale = await sell(owner, productCode);
      const to = address();
      const res = await mailReceipt(owner, sale.code, { email: to, keepAddress: true });
      expect(res.status, res.text).toBe(202);
      expect(res.body).toEqual({ sent: true });
      expect(received(to)).toHaveLength(1);
      expect((await customerNow(t, owner, bystander.id)).email).toBe('');
      const holders = await t.db.selectFrom('customers').select('id').where('email', '=', to).execute();
      expect(holders).toEqual([]);
    });
  });
});
