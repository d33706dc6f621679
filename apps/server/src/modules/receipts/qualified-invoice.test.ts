import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PublicReceiptSchema, type ShopTransaction } from '@shopdesk/shared';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { createProduct } from '../../test/products.ts';

/**
 * Japan's qualified simplified invoice and return invoice (product.md §5) through the API and the
 * public pages: the number the store had when it sold, ※ on reduced-rate lines, each rate's total
 * and tax as the sale stored them, and each refund's own receipt.
 */

const NTA = 'T7000012050002'; // The National Tax Agency's own registration number.
const OTHER = 'T1180301018771';
const JA = { accept: 'text/html', 'accept-language': 'ja-JP,ja;q=0.9' };

describe.each(engines)('qualified invoices on %s', (engine) => {
  const t = useTestApp(engine);
  let owner: TestUser;
  let sale: ShopTransaction;
  let before: ShopTransaction;

  const settings = (taxRegistrationNumber: string | null) =>
    t.request('PUT', `/api/secure/virtual-store/${owner.store.urlName}/sale-settings`, {
      token: owner.token,
      body: { taxMode: 'INCLUSIVE', defaultTaxRate: 1000, cashRounding: 0, taxRegistrationNumber },
    });
  const sell = async (lines: { code: string; quantity: number }[]) => {
    const res = await t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', {
      token: owner.token,
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines,
        payment: { method: 'CASH', currency: 'JPY', amount: 5000 },
      },
    });
    expect(res.status, res.text).toBe(201);
    return res.body;
  };

  beforeAll(async () => {
    owner = await createUser(t, { mainCurrency: 'JPY', secondCurrency: null });
    const named = await t.request('PUT', `/api/secure/virtual-store/${owner.store.urlName}`, {
      token: owner.token,
      body: {
        name: '角の店',
        mainCurrency: 'JPY',
        secondCurrency: null,
        timezone: 'Asia/Tokyo',
        address: '',
        phone: '',
      },
    });
    expect(named.status, named.text).toBe(200);
    expect((await settings(null)).status).toBe(200);
    const riceBall = await createProduct(t, owner, { name: 'おにぎり', price: 150, taxRate: 800 });
    const magazine = await createProduct(t, owner, { name: '雑誌', price: 550, taxRate: 1000 });
    before = await sell([{ code: riceBall.code, quantity: 1 }]);
    expect((await settings(NTA)).status).toBe(200);
    sale = await sell([
      { code: riceBall.code, quantity: 3 },
      { code: magazine.code, quantity: 1 },
    ]);
    // Refund one rice ball and the magazine.
    const refund = await t.request<ShopTransaction>('POST', `/api/secure/shop/transaction/${sale.code}/refund`, {
      token: owner.token,
      body: {
        clientId: randomUUID(),
        lines: [
          { lineId: sale.lines[0]!.id, quantity: 1 },
          { lineId: sale.lines[1]!.id, quantity: 1 },
        ],
      },
    });
    expect(refund.status, refund.text).toBe(201);
    sale = refund.body;
    // The store changes its number afterwards: the receipts already issued keep theirs.
    expect((await settings(OTHER)).status).toBe(200);
  });

  it('keeps the number the store had on the day of each sale, and the stored taxes per rate', async () => {
    expect(sale.taxRegistrationNumber).toBe(NTA);
    const res = await t.request('GET', `/api/public/receipt/${sale.code}`);
    expect(res.status, res.text).toBe(200);
    const receipt = PublicReceiptSchema.parse(res.body);
    expect(receipt.store.registrationNumber).toBe(NTA);
    expect(receipt.store.name).toBe('角の店');
    // PER_RATE: 450 at 8% → 33 tax (450 × 8/108 = 33.3), 550 at 10% → 50; as the sale stored them.
    expect(receipt.taxes).toEqual(sale.taxes);
    expect(receipt.taxes).toEqual([
      { rate: 800, base: 417, tax: 33 },
      { rate: 1000, base: 500, tax: 50 },
    ]);
    expect(receipt.refunds[0]!.taxes).toEqual([
      { rate: 800, total: 150, tax: 11 },
      { rate: 1000, total: 550, tax: 50 },
    ]);
    const old = PublicReceiptSchema.parse((await t.request('GET', `/api/public/receipt/${before.code}`)).body);
    expect(old.store.registrationNumber).toBeNull();
  });

  it('draws the qualified invoice page in Japanese, with links to its return receipts', async () => {
    const res = await t.request('GET', `/receipt/${sale.code}`, { headers: JA });
    expect(res.status).toBe(200);
    for (const text of [
      '適格簡易請求書',
      `登録番号 ${NTA}`,
      'おにぎり ※',
      '※は軽減税率対象商品',
      '10%対象',
      '8%対象',
      '内消費税 8%',
    ]) {
      expect(res.text, text).toContain(text);
    }
    expect(res.text).toContain(`href="/receipt/${sale.code}/return/1"`);
    const plain = await t.request('GET', `/receipt/${before.code}`, { headers: JA });
    expect(plain.text).not.toContain('登録番号');
    expect(plain.text).not.toContain('※');
  });

  it('draws the return receipt with the sale date and the refunded amount and tax per rate', async () => {
    const res = await t.request('GET', `/receipt/${sale.code}/return/1`, { headers: JA });
    expect(res.status).toBe(200);
    expect(res.text).toContain('適格返還請求書');
    expect(res.text).toContain(`登録番号 ${NTA}`);
    expect(res.text).toContain('元取引日');
    expect(res.text).toMatch(/8%対象<\/span><span class="r-right">￥150</);
    expect(res.text).toMatch(/内消費税 8%<\/span><span class="r-right">￥11</);
    expect(res.text).toMatch(/10%対象<\/span><span class="r-right">￥550</);
    // A yen store's receipts are Japanese in any browser; its reader switches to English.
    const plain = await t.request('GET', `/receipt/${sale.code}/return/1`, { headers: { accept: 'text/html' } });
    expect(plain.text).toContain('適格返還請求書');
    const en = await t.request('GET', `/receipt/${sale.code}/return/1?lang=en`, { headers: { accept: 'text/html' } });
    expect(en.text).toContain('Qualified return invoice');
    for (const path of [
      `/receipt/${sale.code}/return/2`,
      `/receipt/${sale.code}/return/0`,
      `/receipt/${before.code}/return/1`,
    ]) {
      const missing = await t.request('GET', path, { headers: { accept: 'text/html' } });
      expect(missing.status, path).toBe(404);
      expect(missing.text).toContain('Receipt not found');
    }
  });
});
