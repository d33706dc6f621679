// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildReceiptDocument, PublicReceiptSchema, RECEIPT_LABELS, type PublicReceipt } from '@shopdesk/shared';
import { encodeReceipt } from './encode-receipt.ts';
import { code128Svg } from './barcode-image.ts';
import { boxRasterizer, pngOf, rasterImages } from './escpos-test-kit.ts';

/**
 * A sold gift card as the receipt printer prints it (product.md §5, §8): its code as Code 128
 * bars and as a QR, both decoded by zbar's zbarimg, the real decoder, from the ESC/POS bytes.
 */

const URL = 'https://shopdesk.example/receipt/R7K2M9QX0000';
const dir = mkdtempSync(path.join(tmpdir(), 'gift-card-'));

function receiptOf(code: string, paperWidth: 58 | 80): PublicReceipt {
  return PublicReceiptSchema.parse({
    code: 'R7K2M9QX0000',
    status: 'COMPLETED',
    store: {
      name: 'Corner Shop',
      address: null,
      phone: null,
      timezone: 'UTC',
      registrationNumber: null,
      language: 'en',
    },
    template: {
      headerText: '',
      footerText: '',
      showLogo: false,
      showStoreName: true,
      showAddress: false,
      showPhone: false,
      showSecondCurrency: false,
      showQr: true,
      showServedBy: false,
      paperWidth,
    },
    logoUrl: null,
    servedBy: null,
    date: '2026-12-05T10:00:00.000Z',
    currency: 'USD',
    secondCurrency: null,
    rate: null,
    taxMode: 'NONE',
    lines: [
      {
        name: 'Gift card',
        quantity: 1,
        unitPrice: 5000,
        lineDiscount: 0,
        cartDiscount: 0,
        taxRate: 0,
        total: 5000,
        refundedQuantity: 0,
        giftCard: { code, expiresAt: null },
      },
    ],
    discount: null,
    gross: 5000,
    lineDiscounts: 0,
    cartDiscount: 0,
    taxes: [],
    tax: 0,
    total: 5000,
    rounding: 0,
    due: 5000,
    payments: [{ method: 'CASH', currency: 'USD', amount: 5000, change: 0, changeInMain: 0 }],
    changeInMain: 0,
    giftCardTerms: { issuer: 'Corner Shop', usableAt: '', contact: '+1 555 0100' },
    refunds: [],
    refundedAmount: 0,
  });
}

/** Each raster image of the printed receipt, decoded by zbarimg (`SYMBOLOGY:data`, or null). */
async function decodedImages(code: string, paperWidth: 58 | 80): Promise<Array<string | null>> {
  const doc = buildReceiptDocument(receiptOf(code, paperWidth), {
    labels: RECEIPT_LABELS.en,
    locale: 'en-US',
    url: URL,
  });
  const bytes = await encodeReceipt(doc, { qr: 'image', rasterize: boxRasterizer() });
  return rasterImages(bytes).map((image, i) => {
    const file = path.join(dir, `${code}-${paperWidth}-${i}.png`);
    writeFileSync(file, pngOf(image));
    try {
      return execFileSync('zbarimg', ['--quiet', file], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    } catch {
      return null;
    }
  });
}

describe('a sold gift card decodes with zbarimg from the printed receipt', () => {
  const hasZbar = existsSync('/usr/bin/zbarimg') || existsSync('/usr/local/bin/zbarimg');
  if (!hasZbar && process.env.CI === 'true') {
    it('needs zbarimg on CI', () => {
      expect.fail('zbarimg is not installed (apt-get install zbar-tools); CI must run this test');
    });
  }

  it.skipIf(!hasZbar).each([58, 80] as const)(
    'a 16-digit card on a %i mm roll: bars, card QR, receipt QR',
    async (width) => {
      const code = '4921773055813456';
      expect(await decodedImages(code, width)).toEqual([`CODE-128:${code}`, `QR-Code:${code}`, `QR-Code:${URL}`]);
    },
  );

  it.skipIf(!hasZbar)('a pre-printed card of letters and digits reads back exactly', async () => {
    const code = 'GC7H2K9Q4M';
    expect(await decodedImages(code, 58)).toEqual([`CODE-128:${code}`, `QR-Code:${code}`, `QR-Code:${URL}`]);
  });

  it.skipIf(!hasZbar)('a 32-letter code too wide for 58 mm bars still prints its QR', async () => {
    const code = 'ABCDEFGHJKLMNPQRSTUVWXYZABCDEFGH';
    expect(await decodedImages(code, 58)).toEqual([`QR-Code:${code}`, `QR-Code:${URL}`]);
    expect(await decodedImages(code, 80)).toEqual([`CODE-128:${code}`, `QR-Code:${code}`, `QR-Code:${URL}`]);
  });

  if (!hasZbar) {
    it.skip('zbarimg is not installed: the decode tests were skipped (apt-get install zbar-tools)', () => {});
  }
});

describe('code128Svg', () => {
  it('draws the bars of the code between quiet zones, one unit per module', () => {
    const svg = code128Svg('4921773055813456');
    // Start C, 8 pairs of digits, check, stop: 10 × 11 + 13 modules, and 10 of quiet zone each side.
    expect(svg).toContain('viewBox="0 0 143 40"');
    expect(svg).toMatch(/^<svg [^>]*><rect [^>]*\/><path d="M10 0h2v40h-2z/);
  });
});
