import bwipjs from 'bwip-js/browser';
import { symbologyFor, type Symbology } from '@shopdesk/shared';
import type { MonoBitmap } from '../cat-printer/protocol.ts';

/** Quiet zones in modules, left and right, that scanners need around each symbology. */
const QUIET_ZONE: Record<Symbology, [number, number]> = {
  ean13: [11, 7],
  ean8: [7, 7],
  upca: [9, 9],
  code128: [10, 10],
};

const BWIPP_ID: Record<Symbology, string> = {
  ean13: 'ean13',
  ean8: 'ean8',
  upca: 'upca',
  code128: 'code128',
};

export interface BarcodeBars {
  symbology: Symbology;
  /** Widths in modules, alternating bar and space, starting with a bar. */
  widths: number[];
  /** Total modules including both quiet zones. */
  modules: number;
  quietLeft: number;
}

/** The bar pattern of a product code, in the symbology its code calls for (GTIN or Code 128). */
export function barcodeBars(code: string): BarcodeBars {
  const symbology = symbologyFor(code);
  const [first] = bwipjs.raw(BWIPP_ID[symbology], code, {}) as Array<{ sbs: number[] }>;
  if (!first) throw new Error(`Cannot encode ${code} as ${symbology}`);
  const [quietLeft, quietRight] = QUIET_ZONE[symbology];
  const coded = first.sbs.reduce((sum, w) => sum + w, 0);
  return { symbology, widths: first.sbs, modules: quietLeft + coded + quietRight, quietLeft };
}

/**
 * The widest whole number of dots per module that fits `maxWidth` dots, so every bar is a crisp
 * multiple of the print head's dots; 0 when even one dot per module does not fit.
 */
export function moduleWidthFor(bars: BarcodeBars, maxWidth: number, preferred = 3): number {
  return Math.min(preferred, Math.floor(maxWidth / bars.modules));
}

/**
 * Draws the bars into `target` at (`x`, `y`), `height` dots tall, `moduleWidth` dots per module,
 * quiet zones included in the width it takes. Returns that width.
 */
export function drawBars(
  target: MonoBitmap,
  bars: BarcodeBars,
  x: number,
  y: number,
  moduleWidth: number,
  height: number,
): number {
  let cursor = x + bars.quietLeft * moduleWidth;
  bars.widths.forEach((w, i) => {
    const dots = w * moduleWidth;
    if (i % 2 === 0) {
      for (let row = y; row < Math.min(y + height, target.height); row++) {
        const start = row * target.width;
        for (let col = cursor; col < Math.min(cursor + dots, target.width); col++) {
          target.data[start + col] = 1;
        }
      }
    }
    cursor += dots;
  });
  return bars.modules * moduleWidth;
}

export function blankBitmap(width: number, height: number): MonoBitmap {
  return { width, height, data: new Uint8Array(width * height) };
}
