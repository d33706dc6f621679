// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  buildReceiptDocument,
  DEFAULT_RECEIPT_TEMPLATE,
  RECEIPT_LABELS,
  toPublicReceipt,
  type ReceiptDisplay,
  type ReceiptStoreDetails,
  type ShopTransaction,
} from '@shopdesk/shared';
import { encodeReceipt } from './encode-receipt.ts';
import { ascii, boxRasterizer, hex, pngOf, rasterImages } from './escpos-test-kit.ts';

/**
 * The exact ESC/POS bytes of a Japanese qualified simplified invoice on a 58 mm roll: its Japanese
 * lines as raster images (GS v 0) of what the canvas drew, its Latin lines (the date, the item
 * quantities and prices) as code-page text, the QR as the printer's own command, and the same QR
 * sent as an image decoded by zbarimg.
 */

const STORE: ReceiptStoreDetails = { name: '角の店', address: '', phone: '', timezone: 'Asia/Tokyo' };
const TEMPLATE: ReceiptDisplay = { ...DEFAULT_RECEIPT_TEMPLATE, showQr: true, paperWidth: 58 };
const URL_OF_RECEIPT = 'https://shop.example/receipt/0123456789AB';

const line = (id: string, name: string, unitPrice: number, quantity: number, taxRate: number, tax: number) => ({
  id,
  productId: null,
  code: null,
  name,
  unitPrice,
  quantity,
  refundedQuantity: 0,
  lineDiscount: 0,
  cartDiscount: 0,
  net: unitPrice * quantity - tax,
  tax,
  taxRate,
  total: unitPrice * quantity,
  unit: 'EACH' as const,
  labelPrice: null,
  priceOverride: false,
  cataloguePrice: null,
  label: null,
});

/** A yen sale taxed once per rate, tax in the prices: 2 rice balls at 8% (※), a magazine at 10%. */
const SALE: ShopTransaction = {
  id: '11111111-1111-4111-8111-111111111111',
  code: '0123456789AB',
  clientId: '22222222-2222-4222-8222-222222222222',
  status: 'COMPLETED',
  soldAt: '2026-11-24T06:05:00.000Z',
  createdAt: '2026-11-24T06:05:00.000Z',
  updatedAt: '2026-11-24T06:05:00.000Z',
  completedAt: '2026-11-24T06:05:00.000Z',
  currency: 'JPY',
  secondCurrency: null,
  rate: null,
  taxMode: 'INCLUSIVE',
  taxCalculation: 'PER_RATE',
  taxRounding: 'HALF_UP',
  taxRegistrationNumber: 'T7000012050002',
  lines: [line('l1', 'おにぎり', 150, 2, 800, 22), line('l2', '雑誌', 550, 1, 1000, 50)],
  discount: null,
  gross: 850,
  lineDiscounts: 0,
  cartDiscount: 0,
  taxes: [
    { rate: 800, base: 278, tax: 22 },
    { rate: 1000, base: 500, tax: 50 },
  ],
  tax: 72,
  total: 850,
  rounding: 0,
  due: 850,
  payments: [
    {
      method: 'CASH',
      currency: 'JPY',
      amount: 1000,
      applied: 850,
      change: 150,
      changeInMain: 150,
      changeCurrency: 'JPY',
    },
  ],
  changeInMain: 150,
  refunds: [],
  refundedAmount: 0,
  note: '',
};

const receiptDoc = () =>
  buildReceiptDocument(toPublicReceipt(SALE, STORE, TEMPLATE, null), {
    labels: RECEIPT_LABELS.ja,
    locale: 'ja-JP',
    url: URL_OF_RECEIPT,
  });

/**
 * GS v 0 of one 384×24 image as boxRasterizer draws `text` (a 16×20 box per character but spaces,
 * every 18 dots from the left): 48 bytes a row, the leftmost dot in the top bit, 1 = black.
 */
function raster(text: string): string {
  const rows = new Uint8Array(48 * 24);
  [...text].forEach((char, i) => {
    if (char === ' ') return;
    for (let y = 2; y < 22; y++) {
      for (let x = i * 18; x < Math.min(i * 18 + 16, 384); x++) rows[y * 48 + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  });
  return `1d 76 30 00 30 00 18 00 ${hex(rows)}`;
}

const RULE = `${Array(32).fill('c4').join(' ')} 0a`; // 32 box-drawing dashes of CP437
const LF = '0a';

describe('encodeReceipt: a Japanese qualified simplified invoice', () => {
  it('sends exactly these bytes: raster lines for the Japanese, text for the rest', async () => {
    const rasterize = boxRasterizer();
    const bytes = await encodeReceipt(receiptDoc(), { rasterize });
    const expected = [
      '1b 40 1c 2e 1b 4d 00', // ESC @, FS . (no Kanji mode), ESC M 0 (Font A)
      raster('角の店'),
      LF,
      raster('登録番号 T7000012050002'),
      LF,
      `1b 74 00 ${RULE}`, // ESC t 0 (CP437) before the first text
      raster('適格簡易請求書'),
      LF,
      `${ascii('2026/11/24 15:05')} ${LF}`,
      raster('レシート番号 0123456789AB'),
      LF,
      RULE,
      raster('おにぎり ※'),
      LF,
      // "  2 × ¥150 … ¥300" in 32 columns: × and ¥ from CP850 (ESC t 2), the full-width yen folded.
      `${ascii('  2 ')} 1b 74 02 9e ${ascii(' ')} be ${ascii(`150${' '.repeat(18)}`)} be ${ascii('300')} ${LF}`,
      raster('雑誌'),
      LF,
      `1b 74 00 ${ascii('  1 ')} 1b 74 02 9e ${ascii(' ')} be ${ascii(`550${' '.repeat(18)}`)} be ${ascii('550')} ${LF}`,
      `1b 74 00 ${RULE}`,
      raster('合計 ￥850'),
      LF,
      raster('10%対象 ￥550'),
      LF,
      raster('  内消費税 10% ￥50'),
      LF,
      raster('8%対象 ￥300'),
      LF,
      raster('  内消費税 8% ￥22'),
      LF,
      raster('※は軽減税率対象商品'),
      LF,
      RULE,
      raster('現金 ￥1,000'),
      LF,
      raster('お釣り ￥150'),
      LF,
      LF, // the feed before the QR
      '1b 61 01', // centred
      '1d 28 6b 04 00 31 41 32 00 1d 28 6b 03 00 31 43 06 1d 28 6b 03 00 31 45 31', // model 2, 6 dots, level M
      `1d 28 6b 2c 00 31 50 30 ${ascii(URL_OF_RECEIPT)} 1d 28 6b 03 00 31 51 30 ${LF}`, // store and print
      '1b 61 00',
      raster('このレシートを開く'),
      LF,
      `${LF} ${LF}`, // the receipt's own feed
      `${LF} ${LF} ${LF} ${LF} 1d 56 01 ${LF}`, // past the tear bar, partial cut
    ].join(' ');
    expect(hex(bytes)).toBe(expected);
    // The store's name and the total are drawn large and bold, as the page shows them.
    expect(rasterize.calls.filter((c) => c.large).map((c) => (c.kind === 'text' ? c.text : c.left))).toEqual([
      '角の店',
      '合計',
    ]);
  });

  const hasZbar = existsSync('/usr/bin/zbarimg') || existsSync('/usr/local/bin/zbarimg');
  it.skipIf(!hasZbar && process.env.CI !== 'true')(
    'its QR, sent as an image, decodes to the receipt address',
    async () => {
      const bytes = await encodeReceipt(receiptDoc(), { qr: 'image', rasterize: boxRasterizer() });
      const qr = rasterImages(bytes).filter((image) => image.height !== 24);
      expect(qr).toHaveLength(1);
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'escpos-jp-')), 'qualified-qr.png');
      writeFileSync(file, pngOf(qr[0]!));
      expect(execFileSync('zbarimg', ['--quiet', '--raw', file], { encoding: 'utf8' }).trim()).toBe(URL_OF_RECEIPT);
    },
  );
});

describe('encodeReceipt: "Served by" on the printed receipt', () => {
  const served: ShopTransaction = {
    ...SALE,
    servedBy: { userId: '55555555-5555-4555-8555-555555555555', name: '山田 太郎' },
  };
  const shown: ReceiptDisplay = { ...TEMPLATE, showServedBy: true };
  const docOf = (sale: ShopTransaction, template: ReceiptDisplay, lang: 'en' | 'ja') =>
    buildReceiptDocument(toPublicReceipt(sale, STORE, template, null), {
      labels: RECEIPT_LABELS[lang],
      locale: lang === 'ja' ? 'ja-JP' : 'en-US',
      url: URL_OF_RECEIPT,
    });

  it('prints the first name under the receipt number, as a raster line in Japanese', async () => {
    const rasterize = boxRasterizer();
    const bytes = hex(await encodeReceipt(docOf(served, shown, 'ja'), { rasterize }));
    expect(bytes).toContain(`${raster('レシート番号 0123456789AB')} ${LF} ${raster('担当：山田')} ${LF} ${RULE}`);
    expect(rasterize.calls.some((c) => c.kind === 'text' && c.text.includes('太郎'))).toBe(false);
  });

  it('prints it as code-page text in English, and nothing of it with the default template', async () => {
    const english = { ...served, servedBy: { userId: served.servedBy!.userId, name: 'Aiko Sato' } };
    const bytes = hex(await encodeReceipt(docOf(english, shown, 'en'), { rasterize: boxRasterizer() }));
    expect(bytes).toContain(`${ascii('Served by Aiko')} ${LF}`);
    expect(bytes).not.toContain(ascii('Sato'));

    const rasterize = boxRasterizer();
    const hidden = hex(await encodeReceipt(docOf(english, TEMPLATE, 'en'), { rasterize }));
    expect(hidden).not.toContain(ascii('Aiko'));
    expect(rasterize.calls.some((c) => JSON.stringify(c).includes('Aiko'))).toBe(false);
  });
});
