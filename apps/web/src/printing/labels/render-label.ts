import { CAT_ROW_DOTS, type MonoBitmap } from '../cat-printer/protocol.ts';
import { barcodeBars, blankBitmap, drawBars, moduleWidthFor } from './barcode-bitmap.ts';
import { labelBlocks, type LabelBlock, type LabelConfig, type LabelContent } from './label-layout.ts';

const MARGIN = 8;
const GAP = 6;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK JP", sans-serif';
const MONO = 'ui-monospace, "DejaVu Sans Mono", monospace';

export interface RenderedLabel {
  bitmap: MonoBitmap;
  /** Set when the barcode could not fit the paper and was left out. */
  warning?: 'BARCODE_TOO_LONG';
}

function fontOf(block: Extract<LabelBlock, { kind: 'text' }>): string {
  return `${block.bold ? 'bold ' : ''}${block.size}px ${block.mono ? MONO : FONT}`;
}

/** Breaks text into at most `maxLines` lines that fit `width`, ending the last with "…" if cut. */
function wrap(ctx: CanvasRenderingContext2D, text: string, width: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (ctx.measureText(next).width <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  const kept = lines.slice(0, maxLines);
  if (lines.length > maxLines || kept.some((l) => ctx.measureText(l).width > width)) {
    let last = kept[kept.length - 1] ?? '';
    while (last.length > 1 && ctx.measureText(`${last}…`).width > width) last = last.slice(0, -1);
    kept[kept.length - 1] = `${last}…`;
  }
  return kept;
}

/**
 * Renders a label to the exact 1-bit bitmap the printer prints, 384 dots wide. Text is drawn by the
 * browser's canvas and thresholded; bars are drawn straight into the bitmap in whole dots so they
 * stay sharp enough for cheap scanners.
 */
export function renderLabel(content: LabelContent, config: LabelConfig): RenderedLabel {
  const width = CAT_ROW_DOTS;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = 600;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('Canvas is not available');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, canvas.height);
  ctx.fillStyle = '#000';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';

  let warning: RenderedLabel['warning'];
  const barcodes: Array<{ y: number; block: Extract<LabelBlock, { kind: 'barcode' }> }> = [];
  let y = MARGIN;
  for (const block of labelBlocks(content, config)) {
    if (block.kind === 'text') {
      ctx.font = fontOf(block);
      for (const line of wrap(ctx, block.text, width - 2 * MARGIN, block.maxLines)) {
        ctx.fillText(line, width / 2, y);
        y += Math.round(block.size * 1.15);
      }
    } else {
      barcodes.push({ y, block });
      y += block.height;
    }
    y += GAP;
  }
  const height = y - GAP + MARGIN;

  const pixels = ctx.getImageData(0, 0, width, height).data;
  const bitmap = blankBitmap(width, height);
  for (let i = 0; i < width * height; i++) {
    const luminance = 0.299 * pixels[i * 4]! + 0.587 * pixels[i * 4 + 1]! + 0.114 * pixels[i * 4 + 2]!;
    bitmap.data[i] = luminance < 128 ? 1 : 0;
  }
  for (const { y: top, block } of barcodes) {
    const bars = barcodeBars(block.code);
    const moduleWidth = moduleWidthFor(bars, width);
    if (moduleWidth < 1) {
      warning = 'BARCODE_TOO_LONG';
      continue;
    }
    const x = Math.floor((width - bars.modules * moduleWidth) / 2);
    drawBars(bitmap, bars, x, top, moduleWidth, block.height);
  }
  return { bitmap, warning };
}

/** Paints a bitmap onto a canvas at `scale` screen pixels per dot, for the on-screen preview. */
export function paintBitmap(canvas: HTMLCanvasElement, bitmap: MonoBitmap, scale = 1): void {
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.style.width = `${bitmap.width * scale}px`;
  canvas.style.imageRendering = 'pixelated';
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const image = ctx.createImageData(bitmap.width, bitmap.height);
  for (let i = 0; i < bitmap.data.length; i++) {
    const v = bitmap.data[i] ? 0 : 255;
    image.data.set([v, v, v, 255], i * 4);
  }
  ctx.putImageData(image, 0, 0);
}
