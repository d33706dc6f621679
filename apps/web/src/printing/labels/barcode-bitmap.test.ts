// @vitest-environment node
import { describe, expect, it } from 'vitest';
import bwipjs from 'bwip-js/browser';
import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomInStoreEan13, symbologyFor } from '@shopdesk/shared';
import { CAT_ROW_DOTS, type MonoBitmap } from '../cat-printer/protocol.ts';
import { barcodeBars, blankBitmap, drawBars, moduleWidthFor } from './barcode-bitmap.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'labels-'));

/** Writes a bitmap as a binary PBM (P4: rows padded to bytes, most significant bit leftmost). */
function writePbm(bitmap: MonoBitmap, file: string): void {
  const rowBytes = Math.ceil(bitmap.width / 8);
  const body = Buffer.alloc(rowBytes * bitmap.height);
  for (let y = 0; y < bitmap.height; y++) {
    for (let x = 0; x < bitmap.width; x++) {
      if (bitmap.data[y * bitmap.width + x]) body[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  writeFileSync(file, Buffer.concat([Buffer.from(`P4\n${bitmap.width} ${bitmap.height}\n`), body]));
}

/** Decodes with zbar, the real decoder: returns `SYMBOLOGY:data` lines. */
function zbar(file: string): string[] {
  const out = execFileSync('zbarimg', ['--quiet', file], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return out.trim().split('\n');
}

function render(code: string): string {
  const bars = barcodeBars(code);
  const moduleWidth = moduleWidthFor(bars, CAT_ROW_DOTS);
  expect(moduleWidth).toBeGreaterThanOrEqual(1);
  const bitmap = blankBitmap(CAT_ROW_DOTS, 120);
  drawBars(bitmap, bars, 0, 10, moduleWidth, 100);
  const file = path.join(dir, `${code}.pbm`);
  writePbm(bitmap, file);
  return file;
}

describe('label barcodes decode with zbarimg', () => {
  it.each([
    ['EAN-13', '4006381333931', 'EAN-13:4006381333931'],
    ['EAN-13 in-store', randomInStoreEan13(), null],
    ['EAN-8', '96385074', 'EAN-8:96385074'],
    // zbar reports UPC-A as the EAN-13 with a leading zero unless told otherwise.
    ['UPC-A', '036000291452', 'EAN-13:0036000291452'],
    ['Code 128', 'SKU-001', 'CODE-128:SKU-001'],
    ['Code 128 digits', '12345', 'CODE-128:12345'],
    ['Code 128 long', 'ABC.def_123-XYZ.9876', 'CODE-128:ABC.def_123-XYZ.9876'],
  ])('%s', (_name, code, expected) => {
    expect(zbar(render(code))).toEqual([expected ?? `EAN-13:${code}`]);
  });

  it('uses whole dots per module and refuses codes too long for the paper', () => {
    expect(moduleWidthFor(barcodeBars('4006381333931'), CAT_ROW_DOTS)).toBe(3);
    expect(moduleWidthFor(barcodeBars('X'.repeat(48)), CAT_ROW_DOTS)).toBe(0);
  });
});

describe('bars from the named encoders', () => {
  // The labels read the bars from bwip-js's drawing calls (so only four encoders are bundled);
  // bwip-js's raw() (all encoders, fine in a test) is the reference they must equal.
  const reference = (code: string) => (bwipjs.raw(symbologyFor(code), code, {}) as Array<{ sbs: number[] }>)[0]!.sbs;
  const gtin = (digits: number) =>
    fc.stringMatching(new RegExp(`^[0-9]{${digits - 1}}$`)).map((body) => {
      const sum = [...body].reverse().reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
      return body + String((10 - (sum % 10)) % 10);
    });

  it('equal the widths of bwip-js raw() for every symbology', () => {
    const codes = fc.oneof(
      gtin(13),
      gtin(8),
      gtin(12),
      fc.string({ unit: fc.constantFrom(...'ABCXYZabcxyz0123456789-_./ '.split('')), minLength: 1, maxLength: 24 }),
      fc.stringMatching(/^[0-9]{1,20}$/),
    );
    fc.assert(
      fc.property(codes, (code) => {
        const bars = barcodeBars(code);
        expect(bars.widths).toEqual(reference(code));
      }),
      { numRuns: 300 },
    );
  });
});
