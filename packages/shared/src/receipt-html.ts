import type { ReceiptBlock, ReceiptDocument, ReceiptPaperWidth } from './receipt-document.ts';
import { RECEIPT_COLUMNS } from './receipt-document.ts';

/**
 * The receipt document as HTML: one renderer for the public receipt page (drawn by the server)
 * and the template's live preview (drawn by the web app), so both look alike and keep the
 * printer's columns (32 on a 58 mm roll, 48 on 80 mm) in a monospace font. Every text is escaped;
 * an image address is kept only when it is http(s), a same-site path or a blob: URL (the preview).
 */

export interface ReceiptHtmlOptions {
  /** Draws a QR code of `data` as an inline `<svg>`; without it the QR block is a link. */
  qrSvg?: (data: string) => string;
  /** Draws a Code 128 barcode of `data` as an inline `<svg>`; without it the barcode block shows nothing (its text is a block of its own). */
  barcodeSvg?: (data: string) => string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function safeUrl(url: string): string | null {
  return /^(https?:\/\/|blob:|\/(?!\/))/i.test(url) ? url : null;
}

function classes(...names: Array<string | false | undefined>): string {
  return names.filter(Boolean).join(' ');
}

function renderBlock(block: ReceiptBlock, options: ReceiptHtmlOptions): string {
  switch (block.kind) {
    case 'text':
      return `<p class="${classes('r-text', `r-${block.align ?? 'left'}`, block.bold && 'r-bold', block.size === 'large' && 'r-large')}">${escapeHtml(block.text)}</p>`;
    case 'pair':
      return `<div class="${classes('r-pair', block.bold && 'r-bold', block.size === 'large' && 'r-large')}"><span>${escapeHtml(block.left)}</span><span class="r-right">${escapeHtml(block.right)}</span></div>`;
    case 'rule':
      return '<hr class="r-rule">';
    case 'qr': {
      const drawn = options.qrSvg?.(block.data);
      const link = `<a href="${escapeHtml(safeUrl(block.data) ?? '#')}">${escapeHtml(block.data)}</a>`;
      return drawn
        ? `<div class="r-qr" role="img" aria-label="${escapeHtml(block.data)}">${drawn}</div>`
        : `<p class="r-text r-center r-link">${link}</p>`;
    }
    case 'barcode': {
      const drawn = options.barcodeSvg?.(block.data);
      return drawn ? `<div class="r-barcode" role="img" aria-label="${escapeHtml(block.data)}">${drawn}</div>` : '';
    }
    case 'image': {
      const url = safeUrl(block.url);
      return url ? `<div class="r-image"><img src="${escapeHtml(url)}" alt="${escapeHtml(block.alt)}"></div>` : '';
    }
    case 'feed':
      return `<div class="r-feed" style="height:${Math.max(0, Math.min(block.lines, 10)) * 1.3}em"></div>`;
  }
}

/** The receipt's markup: a `.receipt` element sized to the paper's columns. Style it with RECEIPT_CSS. */
export function renderReceiptHtml(doc: ReceiptDocument, options: ReceiptHtmlOptions = {}): string {
  const columns = RECEIPT_COLUMNS[doc.paperWidth];
  const body = doc.blocks.map((b) => renderBlock(b, options)).join('');
  return `<div class="receipt" data-paper="${doc.paperWidth}" style="--r-columns:${columns}">${body}</div>`;
}

/**
 * The receipt's styles, scoped under `.receipt`. The width is the paper's columns in `ch` of a
 * monospace font, so a line breaks where the printer's would. In print the font is sized so those
 * columns fill the roll's printable width (48 mm of a 58 mm roll, 72 mm of an 80 mm one).
 */
export const RECEIPT_CSS = `
.receipt{box-sizing:content-box;width:calc(var(--r-columns) * 1ch);padding:16px 14px;margin:0 auto;background:#fff;color:#111;
font-family:ui-monospace,"SFMono-Regular",Menlo,Consolas,"Noto Sans Mono CJK JP","MS Gothic",monospace;font-size:14px;line-height:1.35;
box-shadow:0 1px 3px rgba(0,0,0,.12),0 8px 24px rgba(0,0,0,.08);border-radius:2px}
.receipt p{margin:0}
.receipt .r-text{white-space:pre-wrap;overflow-wrap:anywhere}
.receipt .r-left{text-align:left}.receipt .r-center{text-align:center}.receipt .r-right{text-align:right}
.receipt .r-bold{font-weight:700}
.receipt .r-large{font-size:1.6em;line-height:1.25}
.receipt .r-pair{display:flex;justify-content:space-between;gap:1ch;flex-wrap:wrap}
.receipt .r-pair>span:first-child{white-space:pre-wrap;overflow-wrap:anywhere;min-width:0}
.receipt .r-pair>.r-right{margin-left:auto;white-space:nowrap}
.receipt .r-rule{border:0;border-top:1px dashed #555;margin:.5em 0}
.receipt .r-qr{display:flex;justify-content:center;margin:.25em 0}
.receipt .r-qr svg{width:min(60%,40mm);height:auto;display:block}
.receipt .r-barcode{display:flex;justify-content:center;margin:.25em 0}
.receipt .r-barcode svg{width:100%;max-width:60mm;height:14mm;display:block}
.receipt .r-image{display:flex;justify-content:center;margin-bottom:.5em}
.receipt .r-image img{max-width:100%;max-height:30mm;filter:grayscale(1)}
.receipt .r-link a{color:inherit;overflow-wrap:anywhere}
@media print{.receipt{box-shadow:none;border-radius:0;padding:0 0 4mm;margin:0;font-size:2.5mm}
.receipt .r-rule{border-top-color:#000}}
`;

/** The page size rule for printing a whole page of one receipt on a roll of `paperWidth` mm. */
export function receiptPageCss(paperWidth: ReceiptPaperWidth): string {
  const printable = paperWidth === 58 ? 48 : 72;
  return `@page{size:${paperWidth}mm auto;margin:0 ${(paperWidth - printable) / 2}mm}`;
}
