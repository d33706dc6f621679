// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ReceiptDocument } from '@shopdesk/shared';
import { encodeReceipt } from './encode-receipt.ts';
import { printableTextProbe } from './printable-text.ts';
import type { TextRasterizer } from './text-raster.ts';
import { ascii, boxRasterizer, hex, indexOf, pngOf, rasterImages } from './escpos-test-kit.ts';
import { displayWidth, pairLines } from './text-width.ts';

const RECEIPT_URL = 'https://shopdesk.example/receipt/R7K2M9QX';

/** A fixed receipt in Latin text only, on a 58 mm roll (32 columns, 384 dots). */
const SAMPLE: ReceiptDocument = {
  paperWidth: 58,
  blocks: [
    { kind: 'text', text: 'Corner Shop', align: 'center', bold: true },
    { kind: 'text', text: '12 Main St', align: 'center' },
    { kind: 'rule' },
    { kind: 'pair', left: '2 x Coffee', right: '$7.00' },
    { kind: 'pair', left: 'Total', right: '$7.00', bold: true },
    { kind: 'feed', lines: 1 },
    { kind: 'qr', data: RECEIPT_URL },
  ],
};

const neverRaster: TextRasterizer = (block) => {
  throw new Error(`Latin text was rasterized: ${JSON.stringify(block)}`);
};

describe('encodeReceipt: the ESC/POS bytes of a sample receipt', () => {
  it('initialises, aligns, bolds, pads a pair line, sends the QR command and cuts', async () => {
    const bytes = await encodeReceipt(SAMPLE, { rasterize: neverRaster });
    const h = hex(bytes);

    // ESC @ (initialise), FS . (no Kanji mode), ESC M 0 (Font A).
    expect(h.startsWith('1b 40 1c 2e 1b 4d 00')).toBe(true);
    // The centred bold title: padded to the middle of 32 columns, ESC E 1, the code page (ESC t 0,
    // CP437) before the first text, the text, ESC E 0, LF.
    expect(h).toContain(`${ascii(' '.repeat(10))} 1b 45 01 1b 74 00 ${ascii('Corner Shop')} 1b 45 00 0a`);
    expect(h).toContain(`${ascii(' '.repeat(11))} ${ascii('12 Main St')} 0a`);
    // A rule is a line of 32 box-drawing dashes (0xC4 in CP437).
    expect(h).toContain(`${Array(32).fill('c4').join(' ')} 0a`);
    // The pair lines fill exactly 32 columns, the amount flush right.
    const coffee = `2 x Coffee${' '.repeat(17)}$7.00`;
    expect(coffee.length).toBe(32);
    expect(h).toContain(`${ascii(coffee)} 0a`);
    expect(h).toContain(`1b 45 01 ${ascii(`Total${' '.repeat(22)}$7.00`)} 1b 45 00 0a`);
    // QR, model 2 (GS ( k … 1 A), 6-dot modules (1 C), level M (1 E), stored data (1 P 0) and print (1 Q 0), centred by ESC a 1.
    const data = Buffer.from(RECEIPT_URL, 'latin1');
    const storeLength = data.length + 3;
    expect(h).toContain(
      [
        '1b 61 01',
        '1d 28 6b 04 00 31 41 32 00',
        '1d 28 6b 03 00 31 43 06',
        '1d 28 6b 03 00 31 45 31',
        `1d 28 6b ${hex([storeLength & 0xff, storeLength >> 8])} 31 50 30 ${hex(data)}`,
        '1d 28 6b 03 00 31 51 30',
      ].join(' '),
    );
    // Ends with a feed past the tear bar and a partial cut (GS V 1).
    expect(h).toMatch(/(0a ){4}1d 56 01 0a$/);
    // Nothing in a Latin receipt becomes an image or a question mark.
    expect(indexOf(bytes, [0x1d, 0x76, 0x30])).toBe(-1);
    expect(bytes.includes(0x3f)).toBe(false);
  });

  it('prints accented Latin and the euro through the code page, not as question marks', async () => {
    const bytes = await encodeReceipt(
      { paperWidth: 58, blocks: [{ kind: 'text', text: 'Café 5 €' }] },
      { rasterize: neverRaster },
    );
    // é is 0x82 in CP437 (ESC t 0); € is 0x80 in Windows-1253 (ESC t 7 on xPrinter's table).
    expect(hex(bytes)).toContain(`1b 74 00 ${ascii('Caf')} 82 20 35 20 1b 74 07 80 0a`);
    expect(bytes.includes(0x3f)).toBe(false);
  });

  it("prints the full-width yen of Japanese money formatting and Intl's narrow spaces as text", async () => {
    const bytes = await encodeReceipt(
      {
        paperWidth: 58,
        blocks: [
          { kind: 'text', text: 'Nov 24, 2026, 3:00\u202fPM', align: 'center' },
          { kind: 'pair', left: 'Total in JPY', right: '\uffe5750' },
        ],
      },
      { rasterize: neverRaster },
    );
    // ¥ is 0x9D in CP437; the pair still fills 32 columns (the folded yen is one column wide).
    expect(hex(bytes)).toContain(`${ascii(`Total in JPY${' '.repeat(16)}`)} 9d ${ascii('750')} 0a`);
    expect(hex(bytes)).toContain(`${ascii('Nov 24, 2026, 3:00 PM')} 0a`);
  });

  it('lays an 80 mm roll out at 48 columns', async () => {
    const bytes = await encodeReceipt(
      { paperWidth: 58, blocks: [{ kind: 'pair', left: 'Total', right: '$7.00' }] },
      { paperWidth: 80, rasterize: neverRaster },
    );
    expect(hex(bytes)).toContain(`${ascii(`Total${' '.repeat(38)}$7.00`)} 0a`);
  });
});

describe('encodeReceipt: text the code page cannot carry', () => {
  it('sends a Japanese line as a raster image (GS v 0) at the roll width, never as its text', async () => {
    const japanese = 'ありがとうございました';
    const rasterize = boxRasterizer();
    const bytes = await encodeReceipt(
      {
        paperWidth: 58,
        blocks: [
          { kind: 'text', text: 'Thank you', align: 'center' },
          { kind: 'text', text: japanese, align: 'center' },
          { kind: 'pair', left: 'おにぎり', right: '¥180' },
        ],
      },
      { rasterize },
    );
    expect(rasterize.calls).toEqual([
      { kind: 'text', text: japanese, align: 'center', bold: false, large: false, width: 384 },
      { kind: 'pair', left: 'おにぎり', right: '¥180', bold: false, large: false, width: 384 },
    ]);
    // GS v 0, mode 0, 48 bytes (384 dots) a row, 24 rows: once per rasterized block.
    const header = [0x1d, 0x76, 0x30, 0x00, 48, 0, 24, 0];
    const first = indexOf(bytes, header);
    expect(first).toBeGreaterThan(0);
    expect(indexOf(bytes, header, first + 8 + 48 * 24)).toBeGreaterThan(first);
    // The image carries what the rasterizer drew: the first box's top row is black.
    const images = rasterImages(bytes);
    expect(images).toHaveLength(2);
    expect(images[0]!.dots[2 * 384 + 0]).toBe(1);
    expect(images[0]!.dots[2 * 384 + 16]).toBe(0);
    // Neither the UTF-8 nor the Shift_JIS bytes of the text, nor question marks for it.
    expect(indexOf(bytes, Buffer.from(japanese, 'utf8'))).toBe(-1);
    expect(indexOf(bytes, [0x82, 0xa0, 0x82, 0xe8])).toBe(-1); // あり in Shift_JIS
    expect(indexOf(bytes, [0x3f, 0x3f])).toBe(-1);
    // The Latin line before it is still text.
    expect(indexOf(bytes, Buffer.from('Thank you', 'latin1'))).toBeGreaterThan(0);
  });

  it('tells what the encoder can map from what it cannot', () => {
    const prints = printableTextProbe({ codepageMapping: 'xprinter' });
    expect(prints('Café crème 5 € Ж ñ ß')).toBe(true);
    expect(prints('ｱﾘｶﾞﾄｳ')).toBe(true); // half-width katakana is in the katakana code page
    expect(prints('ありがとう')).toBe(false);
    expect(prints('年月日')).toBe(false); // in Epson's katakana page, but a Japanese line goes whole as an image
    expect(prints('谢谢')).toBe(false);
    expect(prints('ขอบคุณ')).toBe(false);
    expect(prints('شكرا')).toBe(false);
    expect(prints('תודה')).toBe(false);
    expect(prints('😀')).toBe(false);
  });
});

describe('pair lines measure East Asian wide characters as two columns', () => {
  it('pads to the columns', () => {
    expect(displayWidth('おにぎり')).toBe(8);
    expect(displayWidth('ｵﾆｷﾞﾘ')).toBe(5); // half-width katakana: one column each
    const [line] = pairLines('おにぎり', '¥180', 32);
    expect(displayWidth(line!)).toBe(32);
    expect(line).toBe(`おにぎり${' '.repeat(20)}¥180`);
  });

  it('puts a label too long for one line on its own lines, never splitting a wide character', () => {
    const lines = pairLines('特選おにぎり詰め合わせセット（鮭・昆布・梅）', '¥1,280', 32);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(32);
    expect(lines.at(-1)!.endsWith('¥1,280')).toBe(true);
    expect(lines.join('').replace(/ +¥1,280$/, '')).toBe('特選おにぎり詰め合わせセット（鮭・昆布・梅）');
  });
});

describe('the QR as the printer gets it decodes with zbarimg', () => {
  const hasZbar = existsSync('/usr/bin/zbarimg') || existsSync('/usr/local/bin/zbarimg');
  if (!hasZbar && process.env.CI === 'true') {
    it('needs zbarimg on CI', () => {
      expect.fail('zbarimg is not installed (apt-get install zbar-tools); CI must run this test');
    });
  }

  it.skipIf(!hasZbar)('the QR image block of the receipt decodes to the receipt URL', async () => {
    const bytes = await encodeReceipt(SAMPLE, { qr: 'image', rasterize: neverRaster });
    // No native QR command when the QR goes as an image.
    expect(indexOf(bytes, [0x1d, 0x28, 0x6b])).toBe(-1);
    const images = rasterImages(bytes);
    expect(images).toHaveLength(1);
    expect(images[0]!.width).toBe(384);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'escpos-')), 'receipt-qr.png');
    writeFileSync(file, pngOf(images[0]!));
    const decoded = execFileSync('zbarimg', ['--quiet', '--raw', file], { encoding: 'utf8' }).trim();
    expect(decoded).toBe(RECEIPT_URL);
  });

  if (!hasZbar) {
    it.skip('zbarimg is not installed: the QR decode test was skipped (apt-get install zbar-tools)', () => {});
  }
});
