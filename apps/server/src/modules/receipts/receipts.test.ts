import { PublicReceiptSchema, ReceiptTemplateSchema, type ShopTransaction } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, expectFieldErrors, inviteMember, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { createProduct } from '../../test/products.ts';
import { SAMPLE_PNG } from '../../test/sweep-world.ts';
import { qrSvg } from './receipt-qr.ts';

/** Every key and every string or number in a JSON value, however deep. */
function walk(value: unknown, keys: string[] = [], leaves: string[] = []): { keys: string[]; leaves: string[] } {
  if (Array.isArray(value)) value.forEach((v) => walk(v, keys, leaves));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      keys.push(k);
      walk(v, keys, leaves);
    }
  } else if (value !== null && value !== undefined) leaves.push(String(value));
  return { keys, leaves };
}

const template = {
  headerText: 'Welcome to the corner',
  footerText: 'Thank you!\nSee you soon',
  showLogo: true,
  showStoreName: true,
  showAddress: false,
  showPhone: true,
  showSecondCurrency: true,
  showQr: true,
  paperWidth: 80,
};

describe.each(engines)('receipts on %s', (engine) => {
  const t = useTestApp(engine);
  let owner: TestUser;
  let other: TestUser;
  let sale: ShopTransaction;
  let parked: ShopTransaction;
  const templatePath = () => `/api/secure/virtual-store/${owner.store.urlName}/receipt-template`;

  beforeAll(async () => {
    owner = await createUser(t);
    other = await createUser(t);
    const details = await t.request('PUT', `/api/secure/virtual-store/${owner.store.urlName}`, {
      token: owner.token,
      body: {
        name: 'Corner Shop',
        mainCurrency: 'USD',
        secondCurrency: 'JPY',
        timezone: 'Asia/Tokyo',
        address: '1 Secret Lane',
        phone: '+1 555 0100',
      },
    });
    expect(details.status, details.text).toBe(200);
    const product = await createProduct(t, owner, { name: 'Green tea', price: 250, cost: 137 });
    const created = await t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', {
      token: owner.token,
      body: {
        clientId: crypto.randomUUID(),
        status: 'COMPLETED',
        lines: [
          { code: product.code, quantity: 3, discount: { kind: 'AMOUNT', amount: 50 } },
          { name: 'Gift wrap', unitPrice: 100, quantity: 1 },
        ],
        payment: { method: 'CASH', currency: 'JPY', amount: 10_000 },
      },
    });
    expect(created.status, created.text).toBe(201);
    const refund = await t.request<ShopTransaction>(
      'POST',
      `/api/secure/shop/transaction/${created.body.code}/refund`,
      {
        token: owner.token,
        body: { clientId: crypto.randomUUID(), lines: [{ lineId: created.body.lines[0]!.id, quantity: 1 }] },
      },
    );
    expect(refund.status, refund.text).toBe(201);
    const read = await t.request<ShopTransaction>('GET', `/api/secure/shop/transaction/${created.body.code}`, {
      token: owner.token,
    });
    sale = read.body;
    const held = await t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', {
      token: owner.token,
      body: { clientId: crypto.randomUUID(), status: 'PARKED', lines: [{ code: product.code, quantity: 1 }] },
    });
    expect(held.status, held.text).toBe(201);
    parked = held.body;
  });

  it('answers the receipt of a sale without any private value, walked through the whole JSON', async () => {
    const res = await t.request('GET', `/api/public/receipt/${sale.code.toLowerCase()}`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const receipt = PublicReceiptSchema.strict().parse(res.body);
    expect(receipt).toMatchObject({
      code: sale.code,
      status: 'PARTIALLY_REFUNDED',
      store: {
        name: 'Corner Shop',
        address: '1 Secret Lane',
        phone: '+1 555 0100',
        timezone: 'Asia/Tokyo',
        language: 'en',
      },
      currency: 'USD',
      secondCurrency: 'JPY',
      total: sale.total,
      due: sale.due,
      lines: [
        { name: 'Green tea', quantity: 3, unitPrice: 250, lineDiscount: 50, refundedQuantity: 1 },
        { name: 'Gift wrap', quantity: 1, unitPrice: 100, refundedQuantity: 0 },
      ],
      payments: [{ method: 'CASH', currency: 'JPY', amount: 10_000 }],
    });
    expect(receipt.rate?.rate).toBe(sale.rate?.rate);
    expect(receipt.refunds).toHaveLength(1);
    expect(receipt.refunds[0]!.lines).toEqual([
      { name: 'Green tea', quantity: 1, unit: 'EACH', amount: sale.refunds[0]!.amount, taxRate: 0 },
    ]);

    const { keys, leaves } = walk(res.body);
    const privateValues = [
      sale.id,
      sale.clientId,
      owner.user.userId,
      owner.email,
      owner.user.name,
      owner.store.id,
      owner.store.urlName,
      ...sale.lines.flatMap((l) => [l.id, l.productId, l.code]),
      ...sale.refunds.map((r) => r.id),
    ].filter((v): v is string => typeof v === 'string' && v !== '');
    const text = JSON.stringify(res.body);
    for (const value of privateValues) expect(text, value).not.toContain(value);
    for (const key of keys) expect(key).not.toMatch(/^id$|Id$|cost|profit|user|email|client|owner|note/i);
    // The product's cost (137) appears nowhere, not even as a number.
    expect(leaves).not.toContain('137');
  });

  it('answers 404 in the error shape for unknown codes and parked carts, 400 for a malformed code', async () => {
    for (const code of ['0000000000ZZ', parked.code]) {
      const res = await t.request('GET', `/api/public/receipt/${code}`);
      expect(res.status, code).toBe(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'We could not find this receipt.' });
    }
    const bad = await t.request('GET', '/api/public/receipt/not-a-code');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
  });

  it('draws the public page as HTML (noindex, lines, total, QR) in the store language, 404 page otherwise', async () => {
    const res = await t.request('GET', `/receipt/${sale.code}`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.text).toContain('<meta name="robots" content="noindex,nofollow">');
    expect(res.text).toContain('<html lang="en">');
    expect(res.text).toContain('Green tea');
    expect(res.text).toContain('Gift wrap');
    expect(res.text).toContain('PARTIALLY REFUNDED');
    expect(res.text).toMatch(/<div class="r-qr"[^>]*><svg/);
    expect(res.text).not.toContain(sale.id);

    // A dollar store's receipt stays English in a Japanese browser, until its reader switches it.
    const japaneseBrowser = { accept: 'text/html', 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.5' };
    const browsed = await t.request('GET', `/receipt/${sale.code}`, { headers: japaneseBrowser });
    expect(browsed.text).toContain('<html lang="en">');
    expect(browsed.text).toContain('<a href="?lang=ja" lang="ja" hreflang="ja">日本語</a>');
    const ja = await t.request('GET', `/receipt/${sale.code}?lang=ja`, { headers: japaneseBrowser });
    expect(ja.text).toContain('<html lang="ja">');
    expect(ja.text).toContain('合計');
    expect(ja.headers.get('set-cookie')).toContain('receipt_lang=ja; Path=/receipt');

    for (const code of ['0000000000ZZ', parked.code, 'nonsense']) {
      const missing = await t.request('GET', `/receipt/${code}`, { headers: { accept: 'text/html' } });
      expect(missing.status, code).toBe(404);
      expect(missing.text).toContain('Receipt not found');
    }
  });

  it("shows a yen store's receipt in Japanese to any browser, and keeps a reader's switch in a cookie", async () => {
    const yen = await createUser(t, { mainCurrency: 'JPY', secondCurrency: null });
    const product = await createProduct(t, yen, { name: 'Rice ball', price: 150 });
    const sold = await t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', {
      token: yen.token,
      body: {
        clientId: crypto.randomUUID(),
        status: 'COMPLETED',
        lines: [{ code: product.code, quantity: 1 }],
        payment: { method: 'CASH', currency: 'JPY', amount: 200 },
      },
    });
    expect(sold.status, sold.text).toBe(201);
    const api = await t.request('GET', `/api/public/receipt/${sold.body.code}`);
    expect(api.body.store.language).toBe('ja');

    const englishBrowser = { accept: 'text/html', 'accept-language': 'en-US,en;q=0.9' };
    const page = await t.request('GET', `/receipt/${sold.body.code}`, { headers: englishBrowser });
    expect(page.text).toContain('<html lang="ja">');
    expect(page.text).toContain('<nav class="language" aria-label="言語">');
    expect(page.headers.get('set-cookie')).toBeNull();

    const switched = await t.request('GET', `/receipt/${sold.body.code}?lang=en`, { headers: englishBrowser });
    expect(switched.text).toContain('<html lang="en">');
    expect(switched.text).toContain('<a href="?lang=en" lang="en" aria-current="true">English</a>');
    const cookie = switched.headers.get('set-cookie')!.split(';')[0]!;
    expect(cookie).toBe('receipt_lang=en');
    // The pick is kept for this reader (their next visit, or another receipt), not for anyone else.
    const kept = await t.request('GET', `/receipt/${sold.body.code}`, { headers: { ...englishBrowser, cookie } });
    expect(kept.text).toContain('<html lang="en">');
    const other = await t.request('GET', `/receipt/${sold.body.code}`, { headers: englishBrowser });
    expect(other.text).toContain('<html lang="ja">');
    // A language that receipts do not have is ignored, never an error.
    const unknown = await t.request('GET', `/receipt/${sold.body.code}?lang=fr`, { headers: englishBrowser });
    expect(unknown.status).toBe(200);
    expect(unknown.text).toContain('<html lang="ja">');
  });

  it("builds the page's QR link from APP_URL, whatever Host the request names", async () => {
    const res = await t.request('GET', `/receipt/${sale.code}`, {
      headers: { accept: 'text/html', 'x-forwarded-host': 'evil.example', host: 'evil.example' },
    });
    expect(res.status).toBe(200);
    // The QR drawing is deterministic: the page holds exactly the code of the APP_URL link.
    expect(res.text).toContain(qrSvg(`http://shop.test/receipt/${sale.code}`));
    expect(res.text).not.toContain(qrSvg(`http://evil.example/receipt/${sale.code}`));
  });

  it('keeps the default template until saved, then round-trips it, and the receipt follows it', async () => {
    const first = await t.request('GET', templatePath(), { token: owner.token });
    expect(first.status, first.text).toBe(200);
    expect(ReceiptTemplateSchema.parse(first.body)).toEqual({
      storeId: owner.store.id,
      headerText: '',
      footerText: '',
      showLogo: false,
      logoImageId: `${owner.user.userId}-${owner.store.id}-receipt`,
      logoUploaded: false,
      showStoreName: true,
      showAddress: true,
      showPhone: true,
      showSecondCurrency: true,
      showQr: true,
      showServedBy: false,
      paperWidth: 58,
    });
    const saved = await t.request('PUT', templatePath(), {
      token: owner.token,
      body: { ...template, footerText: '  Thank you!\r\nSee you soon  ' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject(template);
    const again = await t.request('GET', templatePath(), { token: owner.token });
    expect(again.body).toEqual(saved.body);

    const receipt = await t.request('GET', `/api/public/receipt/${sale.code}`);
    expect(receipt.body.store.address).toBeNull();
    // A template saved without showServedBy (by a client from before it) keeps it off.
    expect(receipt.body.template).toEqual({ ...template, showServedBy: false });
    expect(receipt.body.servedBy).toBeNull();
    // showLogo is on, but no receipt image has been uploaded.
    expect(receipt.body.logoUrl).toBeNull();
    const page = await t.request('GET', `/receipt/${sale.code}`, { headers: { accept: 'text/html' } });
    expect(page.text).toContain('Thank you!\nSee you soon');
    expect(page.text).toContain('@page{size:80mm auto');
    expect(page.text).not.toContain('1 Secret Lane');
  });

  it('serves the logo by the receipt code once the receipt image exists and the template shows it', async () => {
    const id = `${owner.user.userId}-${owner.store.id}-receipt`;
    const upload = await t.request('PUT', `/api/secure/file/data/${owner.store.urlName}/${id}`, {
      token: owner.token,
      raw: SAMPLE_PNG,
      headers: { 'content-type': 'image/png' },
    });
    expect(upload.status, upload.text).toBe(200);
    await t.request('PUT', templatePath(), { token: owner.token, body: template });
    const receipt = await t.request('GET', `/api/public/receipt/${sale.code}`);
    expect(receipt.body.logoUrl).toBe(`/api/public/receipt/${sale.code}/logo`);
    expect(JSON.stringify(receipt.body)).not.toContain(id);
    const logo = await t.request('GET', receipt.body.logoUrl);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');

    await t.request('PUT', templatePath(), { token: owner.token, body: { ...template, showLogo: false } });
    expect((await t.request('GET', `/api/public/receipt/${sale.code}`)).body.logoUrl).toBeNull();
    expect((await t.request('GET', `/api/public/receipt/${sale.code}/logo`)).status).toBe(404);
    const mine = await t.request('GET', templatePath(), { token: owner.token });
    expect(mine.body.logoUploaded).toBe(true);
  });

  it('refuses invalid templates field by field', async () => {
    const put = (body: unknown) => t.request('PUT', templatePath(), { token: owner.token, body });
    expectFieldErrors(await put({ ...template, headerText: 'a\u0007b' }), ['headerText']);
    expectFieldErrors(await put({ ...template, footerText: 'evil\u202Etxt.exe' }), ['footerText']);
    expectFieldErrors(await put({ ...template, footerText: 'x'.repeat(501) }), ['footerText']);
    expectFieldErrors(await put({ ...template, headerText: Array(12).fill('line').join('\n') }), ['headerText']);
    expectFieldErrors(await put({ ...template, paperWidth: 70 }), ['paperWidth']);
    expectFieldErrors(await put({ ...template, showQr: 'yes' }), ['showQr']);
    expect((await put({ ...template, storeId: other.store.id })).status).toBe(400);
    const { showPhone: _dropped, ...missing } = template;
    expectFieldErrors(await put(missing), ['showPhone']);
  });

  it('prints "Served by" with the first name of the member who sold once the template shows it, even after removal', async () => {
    const cashier = await inviteMember(t, owner);
    await t.db.updateTable('users').set({ name: 'Aiko Sato' }).where('id', '=', cashier.user.userId).execute();
    const product = await createProduct(t, owner, { name: 'Rice ball', price: 180 });
    const sold = await t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', {
      token: cashier.token,
      headers: { 'x-store': owner.store.urlName },
      body: {
        clientId: crypto.randomUUID(),
        status: 'COMPLETED',
        lines: [{ code: product.code, quantity: 1 }],
        payment: { method: 'CASH', currency: 'USD', amount: 500 },
      },
    });
    expect(sold.status, sold.text).toBe(201);
    const receiptOf = async () => {
      const res = await t.request('GET', `/api/public/receipt/${sold.body.code}`);
      expect(res.status, res.text).toBe(200);
      return PublicReceiptSchema.strict().parse(res.body);
    };
    const pageIn = async (lang: string) =>
      (
        await t.request('GET', `/receipt/${sold.body.code}?lang=${lang}`, {
          headers: { accept: 'text/html' },
        })
      ).text;

    // Off until the owner turns it on: an existing store's receipts name nobody.
    expect((await receiptOf()).servedBy).toBeNull();
    expect(await pageIn('en')).not.toContain('Aiko');

    const on = await t.request('PUT', templatePath(), {
      token: owner.token,
      body: { ...template, showServedBy: true },
    });
    expect(on.status, on.text).toBe(200);
    expect(on.body).toMatchObject({ showServedBy: true });
    const shown = await receiptOf();
    expect(shown.servedBy).toBe('Aiko');
    expect(shown.template.showServedBy).toBe(true);
    expect(JSON.stringify(shown)).not.toMatch(new RegExp(`Sato|${cashier.email}|${cashier.user.userId}`));
    expect(await pageIn('en')).toContain('Served by Aiko');
    expect(await pageIn('ja')).toContain('担当：Aiko');
    // The owner's own sales name the owner the same way.
    expect((await t.request('GET', `/api/public/receipt/${sale.code}`)).body.servedBy).not.toBeNull();

    // A removed member's past sales keep their name.
    const removed = await t.request(
      'DELETE',
      `/api/secure/virtual-store/${owner.store.urlName}/member/${cashier.user.userId}`,
      {
        token: owner.token,
      },
    );
    expect(removed.status, removed.text).toBe(204);
    expect((await receiptOf()).servedBy).toBe('Aiko');

    // An account without a name is known by its email elsewhere: the receipt prints no line then.
    await t.db.updateTable('users').set({ name: '' }).where('id', '=', cashier.user.userId).execute();
    expect((await receiptOf()).servedBy).toBeNull();
    const page = await pageIn('en');
    expect(page).not.toContain('Served by');
    expect(page).not.toContain(cashier.email);

    const off = await t.request('PUT', templatePath(), { token: owner.token, body: template });
    expect(off.body).toMatchObject({ showServedBy: false });
  });

  it("never lets another user read or change a store's template", async () => {
    const before = await t.request('GET', templatePath(), { token: owner.token });
    const read = await t.request('GET', templatePath(), { token: other.token });
    expect(read.status).toBe(404);
    expect(JSON.stringify(read.body)).not.toContain(owner.store.id);
    const write = await t.request('PUT', templatePath(), {
      token: other.token,
      body: { ...template, footerText: 'hijacked' },
    });
    expect(write.status).toBe(404);
    expect((await t.request('GET', templatePath())).status).toBe(401);
    expect((await t.request('GET', templatePath(), { token: owner.token })).body).toEqual(before.body);
  });

  it('rate limits the public receipt per client address (429 with Retry-After in the error shape)', async () => {
    let limited;
    for (let i = 0; i < 80 && !limited; i++) {
      const res = await t.request('GET', `/api/public/receipt/${sale.code}`);
      if (res.status === 429) limited = res;
      else expect(res.status).toBe(200);
    }
    expect(limited, 'a 429 within 80 requests').toBeDefined();
    expect(limited!.body.code).toBe('RATE_LIMITED');
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
