import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, type CurrencyCode } from './currencies.ts';
import { amountInCurrency } from './exchange.ts';
import { formatMoney } from './money.ts';
import { DEFAULT_RECEIPT_TEMPLATE, PublicReceiptSchema, type ReceiptDisplay } from './receipt.ts';
import { buildReceiptDocument, shortRate } from './receipt-builder.ts';
import { RECEIPT_LABELS } from './receipt-labels.ts';
import { toPublicReceipt, type ReceiptStoreDetails } from './receipt-public.ts';
import type { ShopTransaction, Tender } from './shop.ts';

const store: ReceiptStoreDetails = {
  name: 'Corner Shop',
  address: '1 Main St',
  phone: '+1 555 0100',
  timezone: 'Asia/Tokyo',
};
const url = 'https://shop.example/receipt/0123456789AB';
const options = { labels: RECEIPT_LABELS.en, locale: 'en-US', url };

function sale(overrides: Partial<ShopTransaction> = {}): ShopTransaction {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    code: '0123456789AB',
    clientId: '22222222-2222-4222-8222-222222222222',
    status: 'COMPLETED',
    soldAt: '2026-11-24T06:00:00.000Z',
    createdAt: '2026-11-24T05:59:00.000Z',
    updatedAt: '2026-11-24T06:00:00.000Z',
    completedAt: '2026-11-24T06:00:00.000Z',
    currency: 'USD',
    secondCurrency: 'JPY',
    rate: { base: 'USD', quote: 'JPY', rate: '150', date: '2026-11-23', source: 'ECB' },
    taxMode: 'EXCLUSIVE',
    lines: [
      {
        id: '33333333-3333-4333-8333-333333333333',
        productId: '44444444-4444-4444-8444-444444444444',
        code: 'SKU-1',
        name: 'Green tea',
        unitPrice: 250,
        quantity: 2,
        refundedQuantity: 0,
        lineDiscount: 50,
        cartDiscount: 0,
        net: 450,
        tax: 45,
        taxRate: 1000,
        total: 495,
        unit: 'EACH',
        labelPrice: null,
        priceOverride: false,
        cataloguePrice: null,
        label: null,
      },
    ],
    discount: null,
    gross: 500,
    lineDiscounts: 50,
    cartDiscount: 0,
    taxes: [{ rate: 1000, base: 450, tax: 45 }],
    tax: 45,
    total: 495,
    rounding: 5,
    due: 500,
    payments: [
      {
        method: 'CASH',
        currency: 'JPY',
        amount: 1000,
        applied: 500,
        change: 250,
        changeInMain: 167,
        changeCurrency: 'JPY',
      },
    ],
    changeInMain: 167,
    refunds: [],
    refundedAmount: 0,
    note: 'private note',
    ...overrides,
  };
}

const texts = (doc: ReturnType<typeof buildReceiptDocument>) =>
  doc.blocks.flatMap((b) =>
    b.kind === 'text' ? [b.text] : b.kind === 'pair' ? [b.left, b.right] : b.kind === 'qr' ? [b.data] : [],
  );

describe('shortRate', () => {
  it.each([
    ['153.981305175697', '153.9813'],
    ['150', '150'],
    ['0.0064943', '0.006494'],
    ['1.10000000', '1.1'],
    ['0.5', '0.5'],
  ])('%s → %s', (rate, short) => expect(shortRate(rate)).toBe(short));
});

describe('buildReceiptDocument', () => {
  it('lays out store, lines, taxes, total, second currency, tenders, footer and QR', () => {
    const template = { ...DEFAULT_RECEIPT_TEMPLATE, headerText: 'Welcome', footerText: 'Thank you!\nSee you soon' };
    const doc = buildReceiptDocument(toPublicReceipt(sale(), store, template, null), options);
    expect(doc.paperWidth).toBe(58);
    const pairs = doc.blocks.filter((b) => b.kind === 'pair').map((b) => [b.left, b.right]);
    expect(pairs).toEqual([
      ['Receipt no.', '0123456789AB'],
      ['  2 × $2.50', '$5.00'],
      ['  Discount', '-$0.50'],
      ['Subtotal', '$4.50'],
      ['Tax 10%', '$0.45'],
      ['Rounding', '$0.05'],
      ['Total', '$5.00'],
      ['Total in JPY', '￥750'],
      ['1 USD = 150 JPY', '2026-11-23'],
      ['Cash (JPY)', '￥1,000'],
      ['Change', '￥250'],
      ['', '= $1.67'],
    ]);
    const all = texts(doc);
    expect(all).toContain('Corner Shop');
    expect(all).toContain('Tel +1 555 0100');
    // 06:00 UTC is 15:00 in Tokyo.
    expect(all).toContain('Nov 24, 2026, 3:00 PM');
    expect(all).toContain('Thank you!\nSee you soon');
    expect(doc.blocks.find((b) => b.kind === 'pair' && b.left === 'Total')).toMatchObject({ size: 'large' });
    expect(doc.blocks.filter((b) => b.kind === 'qr')).toEqual([{ kind: 'qr', data: url }]);
  });

  it("prints the customer's member code and points (used as a discount, earned, balance), never their name", () => {
    const withMember = sale({
      customer: { id: 'c1', code: 'M0012345678', name: 'Hanako Sato' },
      points: { earned: 4, redeemed: 50, balance: 120, discount: 50 },
    });
    const doc = buildReceiptDocument(toPublicReceipt(withMember, store, DEFAULT_RECEIPT_TEMPLATE, null), options);
    const pairs = doc.blocks.filter((b) => b.kind === 'pair').map((b) => [b.left, b.right]);
    expect(pairs).toContainEqual(['Points used (50 pt)', '-$0.50']);
    expect(pairs.slice(-4)).toEqual([
      ['Member no.', 'M0012345678'],
      ['Points earned', '+4 pt'],
      ['Points used', '-50 pt'],
      ['Points balance', '120 pt'],
    ]);
    expect(texts(doc)).not.toContain('Hanako');
    const ja = buildReceiptDocument(toPublicReceipt(withMember, store, DEFAULT_RECEIPT_TEMPLATE, null), {
      ...options,
      labels: RECEIPT_LABELS.ja,
      locale: 'ja-JP',
    });
    const jaPairs = ja.blocks.filter((b) => b.kind === 'pair').map((b) => b.left);
    expect(jaPairs).toEqual(
      expect.arrayContaining(['会員番号', '今回獲得ポイント', '今回利用ポイント', 'ポイント残高']),
    );
  });

  it('prints who served only when the template says so: a first name, never an email, in both languages', () => {
    const shown = { ...DEFAULT_RECEIPT_TEMPLATE, showServedBy: true };
    const served = (name: string) => sale({ servedBy: { userId: '55555555-5555-4555-8555-555555555555', name } });
    // Off by default: a store that never chose it prints no staff name.
    const hidden = toPublicReceipt(served('Aiko Sato'), store, DEFAULT_RECEIPT_TEMPLATE, null);
    expect(hidden.servedBy).toBeNull();
    expect(texts(buildReceiptDocument(hidden, options)).join('\n')).not.toContain('Aiko');

    const en = buildReceiptDocument(toPublicReceipt(served('  Aiko  Sato '), store, shown, null), options);
    expect(texts(en)).toContain('Served by Aiko');
    expect(texts(en).join('\n')).not.toContain('Sato');
    // Under the receipt number, before the lines.
    const at = (text: string) => en.blocks.findIndex((b) => b.kind === 'text' && b.text === text);
    const numberAt = en.blocks.findIndex((b) => b.kind === 'pair' && b.left === 'Receipt no.');
    expect(at('Served by Aiko')).toBe(numberAt + 1);

    const ja = buildReceiptDocument(toPublicReceipt(served('山田 太郎'), store, shown, null), {
      ...options,
      labels: RECEIPT_LABELS.ja,
      locale: 'ja-JP',
    });
    expect(texts(ja)).toContain('担当：山田');

    // The server names an account without a name by its email: a receipt prints nothing then.
    for (const name of ['aiko@example.com', '   ']) {
      const receipt = toPublicReceipt(served(name), store, shown, null);
      expect(receipt.servedBy).toBeNull();
      expect(texts(buildReceiptDocument(receipt, options)).join('\n')).not.toMatch(/Served by|@/);
    }
    // A sale stored before staff (no servedBy) prints no line either.
    expect(toPublicReceipt(sale(), store, shown, null).servedBy).toBeNull();
  });

  it('follows the template: no store details, no second currency, no QR, 80 mm, logo only when shown', () => {
    const template: ReceiptDisplay = {
      ...DEFAULT_RECEIPT_TEMPLATE,
      showStoreName: false,
      showAddress: false,
      showPhone: false,
      showSecondCurrency: false,
      showQr: false,
      paperWidth: 80,
    };
    const doc = buildReceiptDocument(toPublicReceipt(sale(), store, template, '/logo'), options);
    const all = texts(doc);
    expect(doc.paperWidth).toBe(80);
    expect(all.join('\n')).not.toMatch(/Corner Shop|Main St|555|JPY \(|Total in/);
    expect(doc.blocks.some((b) => b.kind === 'qr' || b.kind === 'image')).toBe(false);
    const withLogo = buildReceiptDocument(
      toPublicReceipt(sale(), store, { ...template, showLogo: true }, '/api/public/receipt/0123456789AB/logo'),
      options,
    );
    expect(withLogo.blocks[0]).toEqual({ kind: 'image', url: '/api/public/receipt/0123456789AB/logo', alt: '' });
  });

  it('shows inclusive tax after the total, refunds with their items, and the status, in Japanese', () => {
    const refunded = sale({
      status: 'PARTIALLY_REFUNDED',
      taxMode: 'INCLUSIVE',
      rate: null,
      rounding: 0,
      due: 495,
      lines: [{ ...sale().lines[0]!, refundedQuantity: 1 }],
      refunds: [
        {
          id: '55555555-5555-4555-8555-555555555555',
          createdAt: '2026-11-25T01:00:00.000Z',
          restock: true,
          amount: 248,
          tax: 22,
          note: 'private refund note',
          lines: [{ lineId: '33333333-3333-4333-8333-333333333333', quantity: 1, amount: 248, tax: 22, restocked: 1 }],
          tenders: [
            {
              method: 'CASH',
              currency: 'USD',
              amount: 248,
              applied: 248,
              change: 0,
              changeInMain: 0,
              changeCurrency: 'USD',
            },
          ],
        },
      ],
      refundedAmount: 248,
    });
    const doc = buildReceiptDocument(toPublicReceipt(refunded, store, DEFAULT_RECEIPT_TEMPLATE, null), {
      labels: RECEIPT_LABELS.ja,
      locale: 'ja-JP',
      url,
    });
    const all = texts(doc);
    expect(all).toContain('一部返金済み');
    expect(all).toContain('  返品 1点');
    expect(all).toContain('  1 × Green tea');
    expect(all).toContain('-$2.48');
    expect(all).toContain('返金 2026/11/25 10:00');
    const total = all.indexOf('合計');
    expect(all.indexOf('  内消費税 10%')).toBeGreaterThan(total);
    expect(all.join('\n')).not.toContain('private');
  });
});

// ---- properties ------------------------------------------------------------------------------

const amount = fc.integer({ min: 0, max: 10_000_000 });
const currency = fc.constantFrom<CurrencyCode>(...CURRENCY_CODES);
const tender = (main: CurrencyCode, second: CurrencyCode | null): fc.Arbitrary<Tender> =>
  fc.record({
    method: fc.constantFrom('CASH', 'CARD', 'OTHER'),
    currency: second ? fc.constantFrom(main, second) : fc.constant(main),
    amount,
    applied: amount,
    change: amount,
    changeInMain: amount,
    changeCurrency: second ? fc.constantFrom(main, second) : fc.constant(main),
  });

const saleArb: fc.Arbitrary<ShopTransaction> = fc
  .record({ main: currency, second: fc.option(currency), rate: fc.option(fc.constantFrom('150', '0.0067', '3.1416')) })
  .chain(({ main, second: maybeSecond, rate }) => {
    const second = maybeSecond && maybeSecond !== main ? maybeSecond : null;
    const lineArb = fc.record({
      id: fc.uuid(),
      productId: fc.option(fc.uuid()),
      code: fc.option(fc.uuid()),
      name: fc.string({ minLength: 1, maxLength: 30 }),
      unitPrice: amount,
      quantity: fc.integer({ min: 1, max: 999 }),
      refundedQuantity: fc.integer({ min: 0, max: 5 }),
      lineDiscount: amount,
      cartDiscount: amount,
      net: amount,
      tax: amount,
      taxRate: fc.integer({ min: 0, max: 10_000 }),
      total: amount,
    });
    return fc
      .record({
        id: fc.uuid(),
        clientId: fc.uuid(),
        status: fc.constantFrom('COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED'),
        taxMode: fc.constantFrom('NONE', 'INCLUSIVE', 'EXCLUSIVE'),
        lines: fc.array(lineArb, { minLength: 1, maxLength: 6 }),
        gross: amount,
        lineDiscounts: amount,
        cartDiscount: amount,
        taxes: fc.array(fc.record({ rate: fc.integer({ min: 0, max: 10_000 }), base: amount, tax: amount }), {
          maxLength: 3,
        }),
        total: amount,
        rounding: fc.integer({ min: -50, max: 50 }),
        due: amount,
        payments: fc.array(tender(main, second), { minLength: 1, maxLength: 3 }),
        taxRegistrationNumber: fc.constantFrom(null, 'T7000012050002'),
        refunds: fc.array(
          fc.record({
            id: fc.uuid(),
            createdAt: fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }),
            amount,
            tenders: fc.array(tender(main, second), { maxLength: 2 }),
          }),
          { maxLength: 2 },
        ),
      })
      .map((s) => {
        const base = sale();
        return {
          ...base,
          ...s,
          status: s.status as ShopTransaction['status'],
          taxMode: s.taxMode as ShopTransaction['taxMode'],
          currency: main,
          secondCurrency: second,
          rate: second && rate ? { base: main, quote: second, rate, date: '2026-11-20', source: 'MANUAL' } : null,
          refunds: s.refunds.map((r, i) => ({
            id: r.id,
            createdAt: r.createdAt.toISOString(),
            restock: true,
            amount: r.amount,
            tax: 0,
            note: '',
            lines: s.lines
              .slice(0, i + 1)
              .map((l) => ({ lineId: l.id, quantity: 1, amount: l.total, tax: l.tax, restocked: 1 })),
            tenders: r.tenders,
          })),
        } as ShopTransaction;
      });
  });

const templateArb: fc.Arbitrary<ReceiptDisplay> = fc.record({
  headerText: fc.string({ maxLength: 20 }),
  footerText: fc.string({ maxLength: 20 }),
  showLogo: fc.boolean(),
  showStoreName: fc.boolean(),
  showAddress: fc.boolean(),
  showPhone: fc.boolean(),
  showSecondCurrency: fc.boolean(),
  showQr: fc.boolean(),
  showServedBy: fc.boolean(),
  paperWidth: fc.constantFrom(58 as const, 80 as const),
});

describe('the public receipt and its document (properties)', () => {
  it('never carry an id of the sale, its lines, products, refunds, nor its clientId or note', () => {
    fc.assert(
      fc.property(saleArb, templateArb, fc.constantFrom('en', 'ja'), (generated, template, lang) => {
        // Of the member who sold, at most the first name may show: never their id nor the rest.
        const s = { ...generated, servedBy: { userId: '55555555-5555-4555-8555-555555555555', name: 'Aiko Sato' } };
        const receipt = PublicReceiptSchema.parse(toPublicReceipt(s, store, template, '/logo'));
        const doc = buildReceiptDocument(receipt, { labels: RECEIPT_LABELS[lang], locale: lang, url });
        const privateValues = [
          s.id,
          s.clientId,
          ...s.lines.flatMap((l) => [l.id, l.productId, l.code]),
          ...s.refunds.map((r) => r.id),
          s.servedBy.userId,
          'Sato',
        ].filter((v): v is string => v !== null);
        const published = JSON.stringify(receipt) + JSON.stringify(doc);
        for (const value of privateValues) expect(published).not.toContain(value);
        expect(published).not.toContain('private note');
      }),
      { numRuns: 200 },
    );
  });

  it('shows only amounts the sale has, and its total, every line and every tender', () => {
    fc.assert(
      fc.property(saleArb, templateArb, (s, template) => {
        const receipt = toPublicReceipt(s, store, template, null);
        const doc = buildReceiptDocument(receipt, options);
        const main = s.currency;
        const m = (v: number, c: CurrencyCode = main) => formatMoney(v, c);
        const tenderAmounts = (ts: Tender[], sign: number) =>
          ts.flatMap((t) => [
            m(sign * t.amount, t.currency),
            m(t.change, t.currency),
            `= ${m(t.changeInMain)}`,
            // Change handed back in the main currency shows as such.
            m(t.changeInMain, t.changeCurrency),
          ]);
        const converted =
          s.rate && s.secondCurrency ? amountInCurrency(s.due, main, s.secondCurrency, s.rate.rate) : null;
        const allowed = new Set([
          s.code,
          // The rate's date sits beside the rate, on the right of its line.
          ...(s.rate ? [s.rate.date] : []),
          m(s.due),
          m(s.gross - s.lineDiscounts),
          m(-s.cartDiscount),
          m(s.rounding),
          ...s.taxes.flatMap((b) => [m(b.tax), m(b.base + b.tax), m(b.base)]),
          ...s.lines.flatMap((l) => [m(l.unitPrice * l.quantity), m(-l.lineDiscount)]),
          ...tenderAmounts(s.payments, 1),
          ...s.refunds.flatMap((r) => [
            m(-r.amount),
            ...r.lines.map((l) => m(-l.amount)),
            ...tenderAmounts(r.tenders, -1),
          ]),
          ...(converted !== null && s.secondCurrency ? [m(converted, s.secondCurrency)] : []),
        ]);
        const rights = doc.blocks.flatMap((b) => (b.kind === 'pair' ? [b.right] : []));
        for (const right of rights) expect(allowed).toContain(right);
        expect(rights).toContain(m(s.due));
        for (const l of s.lines) expect(rights).toContain(m(l.unitPrice * l.quantity));
        for (const t of s.payments) expect(rights).toContain(m(t.amount, t.currency));
      }),
      { numRuns: 200 },
    );
  });
});
