import { code128, ean13, ean8, upca, type DrawingContext, type RenderOptions } from 'bwip-js/browser';
import { symbologyFor, type Symbology } from '@shopdesk/shared';
import type { MonoBitmap } from '../cat-printer/protocol.ts';

/** Quiet zones in modules, left and right, that scanners need around each symbology. */
const QUIET_ZONE: Record<Symbology, [number, number]> = {
  ean13: [11, 7],
  ean8: [7, 7],
  upca: [9, 9],
  code128: [10, 10],
};

/**
 * Only the four encoders labels use, imported by name: bwip-js's `raw()` looks encoders up by name,
 * which bundled all of its ~100 symbologies into the label chunk (935 KB).
 */
const ENCODERS: Record<Symbology, (options: RenderOptions, drawing: DrawingContext<number[]>) => number[]> = {
  ean13,
  ean8,
  upca,
  code128,
};

function unexpected(): never {
  throw new Error('A linear barcode drew something other than bars');
}

/**
 * A bwip-js drawing that keeps the bars instead of painting them: at scale 1 each bar is one
 * vertical line `lw` modules wide, filled (as bwip-js's own rasteriser does) from `ceil(lw / 2)`
 * left of its x up to `floor(lw / 2)` right of it. Returns the widths in modules, alternating bar
 * and space, starting with a bar: BWIPP's `sbs`.
 */
function barWidths(): DrawingContext<number[]> {
  const bars: Array<{ start: number; width: number }> = [];
  return {
    scale: () => [1, 1],
    measure: () => ({ width: 0, ascent: 0, descent: 0 }),
    init: () => {},
    line(x0, _y0, x1, _y1, lw) {
      if (x0 !== x1) unexpected();
      const width = Math.round(lw) || 1;
      bars.push({ start: Math.trunc(x0) - Math.ceil(width / 2), width });
    },
    polygon: unexpected,
    hexagon: unexpected,
    ellipse: unexpected,
    fill: () => {},
    text: () => {},
    end() {
      bars.sort((a, b) => a.start - b.start);
      return bars.flatMap((bar, i) => {
        const next = bars[i + 1];
        if (!next) return [bar.width];
        const space = next.start - bar.start - bar.width;
        if (space <= 0) unexpected();
        return [bar.width, space];
      });
    },
  };
}

export interface BarcodeBars {
  symbology: Symbology;
  /** Widths in modules, alternating bar and space, starting with a bar. */
  widths: number[];
  /** Total modules including both quiet zones. */
  modules: number;
  quietLeft: number;
}

/**
 * The bar pattern of a product code, in the symbology its code calls for (GTIN or Code 128), or
 * in `symbology` when given (a gift card's code is Code 128 whatever its digits look like).
 */
export function barcodeBars(code: string, symbology: Symbology = symbologyFor(code)): BarcodeBars {
  const widths = ENCODERS[symbology]({ bcid: symbology, text: code, scale: 1 }, barWidths());
  if (widths.length === 0) throw new Error(`Cannot encode ${code} as ${symbology}`);
  const [quietLeft, quietRight] = QUIET_ZONE[symbology];
  const coded = widths.reduce((sum, w) => sum + w, 0);
  return { symbology, widths, modules: quietLeft + coded + quietRight, quietLeft };
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
