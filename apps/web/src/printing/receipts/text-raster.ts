import type { ReceiptAlign } from '@shopdesk/shared';
import type { RgbaImage } from './qr-bitmap.ts';

/** A text or pair block the printer's code page cannot carry, to be drawn `width` dots wide. */
export type RasterTextBlock =
  | { kind: 'text'; text: string; align: ReceiptAlign; bold: boolean; large: boolean; width: number }
  | { kind: 'pair'; left: string; right: string; bold: boolean; large: boolean; width: number };

/** Draws a block as an image, black on white, exactly `block.width` dots wide. */
export type TextRasterizer = (block: RasterTextBlock) => RgbaImage | Promise<RgbaImage>;

// Font A is 24 dots tall; the image keeps the same line height so drawn lines sit like printed ones.
const FONT_DOTS = 24;
const FONT_FAMILY =
  '"Hiragino Sans", "Noto Sans CJK JP", "Noto Sans JP", "Yu Gothic", "Noto Sans Thai", "Noto Sans Arabic", sans-serif';

type Context2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

function newCanvas(width: number, height: number): { ctx: Context2D; image: () => RgbaImage } {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('No 2D canvas');
    return { ctx, image: () => ctx.getImageData(0, 0, width, height) };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas');
  return { ctx, image: () => ctx.getImageData(0, 0, width, height) };
}

/**
 * Breaks `text` into lines no wider than `width` as `measure` sees it: at spaces where there are
 * any, else between any two characters (Japanese and Chinese have no spaces between words).
 */
export function wrapText(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    // Words keep their trailing space; CJK characters each stand alone.
    const tokens = paragraph.match(
      /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+\s*|\s+/gu,
    ) ?? [''];
    for (const token of tokens) {
      if (line && measure(line + token.trimEnd()) > width) {
        lines.push(line.trimEnd());
        line = '';
      }
      let rest = token;
      // A single token wider than the paper is cut between characters.
      while (measure(rest.trimEnd()) > width && [...rest].length > 1) {
        const chars = [...rest];
        let n = chars.length - 1;
        while (n > 1 && measure(chars.slice(0, n).join('')) > width) n--;
        lines.push(chars.slice(0, n).join(''));
        rest = chars.slice(n).join('');
      }
      line += line ? rest : rest.trimStart();
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/** The browser's rasterizer: system fonts on an OffscreenCanvas (or a canvas element). */
export const canvasRasterizer: TextRasterizer = (block) => {
  const size = block.large ? FONT_DOTS * 2 : FONT_DOTS;
  const lineHeight = Math.round(size * 1.25);
  const font = `${block.bold ? 'bold ' : ''}${size}px ${FONT_FAMILY}`;
  const measuring = newCanvas(1, 1).ctx;
  measuring.font = font;
  const measure = (s: string) => measuring.measureText(s).width;

  type Row = { text: string; align: ReceiptAlign };
  let rows: Row[];
  if (block.kind === 'text') {
    rows = wrapText(block.text, block.width, measure).map((text) => ({ text, align: block.align }));
  } else {
    const rightWidth = measure(block.right);
    const leftLines = wrapText(block.left, block.width, measure);
    const last = leftLines[leftLines.length - 1] ?? '';
    const fits = measure(last) + size / 2 + rightWidth <= block.width;
    rows = leftLines.map((text) => ({ text, align: 'left' }));
    // The value shares the label's last line when it fits, else gets its own line.
    if (!fits) rows.push({ text: '', align: 'left' });
  }

  const height = Math.max(1, rows.length) * lineHeight;
  const { ctx, image } = newCanvas(block.width, height);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, block.width, height);
  ctx.fillStyle = '#000';
  ctx.font = font;
  ctx.textBaseline = 'middle';
  rows.forEach((row, i) => {
    const y = i * lineHeight + lineHeight / 2;
    ctx.textAlign = row.align === 'center' ? 'center' : row.align === 'right' ? 'right' : 'left';
    const x = row.align === 'center' ? block.width / 2 : row.align === 'right' ? block.width : 0;
    ctx.fillText(row.text, x, y);
  });
  if (block.kind === 'pair') {
    ctx.textAlign = 'right';
    ctx.fillText(block.right, block.width, (rows.length - 1) * lineHeight + lineHeight / 2);
  }
  return image();
};
