import { barcodeBars, blankBitmap, drawBars, moduleWidthFor } from '../labels/barcode-bitmap.ts';
import type { MonoBitmap } from '../cat-printer/protocol.ts';
import type { RgbaImage } from './qr-bitmap.ts';

/** Bar height in dots: 10 mm at 203 dpi, tall enough for a hand scanner held at an angle. */
const BAR_DOTS = 80;

/**
 * A gift card's code as Code 128 bars (the labels' encoder, barcode-bitmap.ts), quiet zones
 * included, at the most whole dots per module (up to 3) that fit `maxWidth` dots, so every bar is
 * a crisp multiple of the print head's dots. Null when even one dot per module does not fit (a
 * long pre-printed code of letters on a 58 mm roll): the card's QR and text still carry it.
 */
export function code128Bitmap(data: string, maxWidth: number): MonoBitmap | null {
  const bars = barcodeBars(data, 'code128');
  const moduleWidth = moduleWidthFor(bars, maxWidth);
  if (moduleWidth < 1) return null;
  const bitmap = blankBitmap(bars.modules * moduleWidth, BAR_DOTS);
  drawBars(bitmap, bars, 0, 0, moduleWidth, BAR_DOTS);
  return bitmap;
}

/** The bitmap as the ESC/POS encoder takes images (RGBA, black on white). */
export function rgbaOf(bitmap: MonoBitmap): RgbaImage {
  const data = new Uint8ClampedArray(bitmap.width * bitmap.height * 4).fill(255);
  bitmap.data.forEach((dot, i) => {
    if (dot) data.fill(0, i * 4, i * 4 + 3);
  });
  return { width: bitmap.width, height: bitmap.height, data };
}

/** The Code 128 bars of `data` as an inline SVG (one unit per module), for the browser's print of a receipt. */
export function code128Svg(data: string): string {
  const bars = barcodeBars(data, 'code128');
  let x = bars.quietLeft;
  let path = '';
  bars.widths.forEach((w, i) => {
    if (i % 2 === 0) path += `M${x} 0h${w}v40h-${w}z`;
    x += w;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${bars.modules} 40" preserveAspectRatio="none" shape-rendering="crispEdges"><rect width="${bars.modules}" height="40" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}
