import { randomUUID } from 'node:crypto';
import { PublicReceiptSchema, type PublicReceipt, type ShopTransaction } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type TestApp } from '../../test/harness.ts';
import { expectStoredValueConsistent } from '../../test/ledger.ts';
import { createProduct } from '../../test/products.ts';

/**
 * Gift cards on the public receipt (product.md §5 "Gift cards and store credit"): the sale that
 * sold a card shows its code (barcode and QR on the page), its expiry and 資金決済法's disclosures
 * from the store's settings; a sale paid with the card shows only its last four and the balance.
 */

const cash = (amount: number) => ({ method: 'CASH', currency: 'JPY', amount });

async function sell(t: TestApp, u: TestUser, body: Record<string, unknown>): Promise<ShopTransaction> {
  const r = await t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', {
    token: u.token,
    body: { clientId: randomUUID(), status: 'COMPLETED', ...body },
  });
  expect(r.status, r.text).toBe(201);
  return r.body;
}

async function receipt(t: TestApp, code: string): Promise<PublicReceipt> {
  const r = await t.request<PublicReceipt>('GET', `/api/public/receipt/${code}`);
  expect(r.status, r.text).toBe(200);
  return PublicReceiptSchema.parse(r.body);
}

describe.each(engines)('gift cards on receipts on %s', (engine) => {
  const t = useTestApp(engine);
  let owner: TestUser;
  let tea: { code: string };
  let soldSale: ShopTransaction;
  let cardCode: string;

  beforeAll(async () => {
    owner = await createUser(t);
    const details = await t.request('PUT', `/api/secure/virtual-store/${owner.store.urlName}`, {
      token: owner.token,
      body: {
        name: '山田商店',
        mainCurrency: 'JPY',
        secondCurrency: 'USD',
        timezone: 'Asia/Tokyo',
        address: '',
        phone: '03-1234-5678',
      },
    });
    expect(details.status, details.text).toBe(200);
    const settings = await t.request('PUT', `/api/secure/virtual-store/${owner.store.urlName}/sale-settings`, {
      token: owner.token,
      body: { taxMode: 'INCLUSIVE', defaultTaxRate: 1000, cashRounding: 0 },
    });
    expect(settings.status, settings.text).toBe(200);
    tea = await createProduct(t, owner, { name: 'Green tea', price: 1080, quantity: 100, taxRate: 800 });
    soldSale = await sell(t, owner, {
      lines: [
        { code: tea.code, quantity: 1 },
        { quantity: 1, giftCard: { amount: 5000 } },
      ],
      payment: cash(10_000),
    });
    cardCode = soldSale.lines[1]!.giftCardCode!;
    expect(cardCode).toMatch(/^[0-9]{16}$/);
  });

  it('shows the sold card in full with its expiry and the disclosures, the contact falling back to the phone', async () => {
    const account = await t.db
      .selectFrom('stored_value_accounts')
      .select(['expires_at'])
      .where('store_id', '=', owner.store.id)
      .where('code', '=', cardCode)
      .executeTakeFirstOrThrow();
    // A yen store's cards expire after six months by default (outside the Act's notification duty).
    expect(account.expires_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const r = await receipt(t, soldSale.code);
    expect(r.lines[1]).toMatchObject({
      total: 5000,
      taxRate: 0,
      giftCard: { code: cardCode, expiresAt: account.expires_at },
    });
    expect(r.lines[0]).not.toHaveProperty('giftCard');
    expect(r.giftCardTerms).toEqual({ issuer: '山田商店', usableAt: '', contact: '03-1234-5678' });

    const page = await t.request('GET', `/receipt/${soldSale.code}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html lang="ja">');
    expect(page.text).toMatch(new RegExp(`<div class="r-barcode" role="img" aria-label="${cardCode}"><svg`));
    expect(page.text).toMatch(new RegExp(`<div class="r-qr" role="img" aria-label="${cardCode}"><svg`));
    expect(page.text).toContain(cardCode.replace(/(.{4})(?=.)/g, '$1 '));
    // The card is outside tax: listed apart from the 8% line in the per-rate summary.
    expect(page.text).toMatch(/8%対象.*内消費税 8%.*対象外<\/span><span class="r-right">￥5,000/);
    for (const words of [
      '発行者',
      '山田商店の店頭',
      'お問い合わせ先: 03-1234-5678',
      '店頭でお尋ねください',
      '有効期限',
      '対象外',
    ]) {
      expect(page.text).toContain(words);
    }
  });

  it("prints the store's own words for where usable and whom to ask", async () => {
    await t.db
      .updateTable('stores')
      .set({ sv_usable_at: '山田商店 全店', sv_contact: 'gift@yamada.example' })
      .where('id', '=', owner.store.id)
      .execute();
    try {
      const r = await receipt(t, soldSale.code);
      expect(r.giftCardTerms).toEqual({
        issuer: '山田商店',
        usableAt: '山田商店 全店',
        contact: 'gift@yamada.example',
      });
      const page = await t.request('GET', `/receipt/${soldSale.code}?lang=en`, { headers: { accept: 'text/html' } });
      expect(page.text).toContain('Usable at: 山田商店 全店');
      expect(page.text).toContain('Ask at the counter, or contact gift@yamada.example');
    } finally {
      await t.db
        .updateTable('stores')
        .set({ sv_usable_at: '', sv_contact: '' })
        .where('id', '=', owner.store.id)
        .execute();
    }
  });

  it('shows a card tender masked, with the balance left, and never the code', async () => {
    const paid = await sell(t, owner, {
      lines: [{ code: tea.code, quantity: 2 }],
      payments: [{ method: 'STORED_VALUE', currency: 'JPY', amount: 2000, cardCode }, cash(160)],
    });
    const r = await receipt(t, paid.code);
    expect(r.payments[0]).toMatchObject({
      method: 'STORED_VALUE',
      amount: 2000,
      methodDefaultName: 'GIFT_CARD',
      maskedCardCode: `•••• ${cardCode.slice(-4)}`,
      cardBalance: 3000,
    });
    expect(r.payments[1]).not.toHaveProperty('maskedCardCode');
    expect(r).not.toHaveProperty('giftCardTerms');
    expect(JSON.stringify(r)).not.toContain(cardCode);
    const page = await t.request('GET', `/receipt/${paid.code}?lang=en`, { headers: { accept: 'text/html' } });
    expect(page.text).toContain(`Gift card •••• ${cardCode.slice(-4)}`);
    expect(page.text).toContain('Balance left');
    expect(page.text).not.toContain(cardCode);
    // Spent now: the receipt of the sale that sold it no longer shows the whole code either.
    const sold = await receipt(t, soldSale.code);
    expect(sold.lines[1]?.giftCard).toMatchObject({ code: `•••• ${cardCode.slice(-4)}`, inUse: true });
    expect(JSON.stringify(sold)).not.toContain(cardCode);
    const soldPage = await t.request('GET', `/receipt/${soldSale.code}?lang=en`, { headers: { accept: 'text/html' } });
    expect(soldPage.text).toContain('In use: ask the shop for its number');
    expect(soldPage.text).not.toContain(cardCode);
    await expectStoredValueConsistent(t, owner.store.id);
  });
});
