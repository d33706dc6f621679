import { createHash } from 'node:crypto';
import {
  RECEIPT_CSS,
  escapeHtml,
  receiptPageCss,
  renderReceiptHtml,
  type ReceiptDocument,
  type ReceiptLabels,
} from '@shopdesk/shared';
import { barcodeSvg, qrSvg } from './receipt-qr.ts';

/**
 * The public receipt page (original.md §2) as one HTML document drawn on the server: no framework,
 * no web app bundle, only a one-line script for the Print button. It is what a customer's phone
 * opens from the QR, so it must be small and print well on a receipt roll.
 */

const PRINT_SCRIPT = "document.getElementById('print').addEventListener('click',function(){window.print()});";
const PRINT_SCRIPT_HASH = createHash('sha256').update(PRINT_SCRIPT).digest('base64');

/** The page's own policy: nothing but its inline styles, its one script (by hash) and same-site images. */
export const RECEIPT_PAGE_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  `script-src 'sha256-${PRINT_SCRIPT_HASH}'`,
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join(';');

const PAGE_CSS = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#eef0f3;color:#111;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Hiragino Sans","Noto Sans JP",sans-serif}
main{padding:24px 12px 32px;display:flex;flex-direction:column;align-items:center;gap:16px}
@media screen{main .receipt{font-size:min(14px,calc((100vw - 52px) / (var(--r-columns) * 0.62)))}}
.actions{display:flex;gap:8px}
button{font:inherit;font-size:16px;padding:10px 22px;border-radius:8px;border:1px solid #1864ab;background:#1864ab;color:#fff;cursor:pointer;min-height:44px}
button:focus-visible{outline:3px solid #74c0fc;outline-offset:2px}
.missing{max-width:28rem;background:#fff;border-radius:8px;padding:24px;text-align:center;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.missing h1{font-size:1.3rem;margin:0 0 8px}
.missing p{margin:0;color:#495057;line-height:1.5}
.links{display:flex;flex-direction:column;align-items:center;gap:4px}
.links a{color:#1864ab;font-size:15px;padding:10px 8px;min-height:44px;box-sizing:border-box}
.language{display:flex;gap:4px;font-size:15px}
.language a{color:#1864ab;padding:10px 8px;min-height:44px;box-sizing:border-box}
.language a[aria-current]{color:#111;font-weight:700;text-decoration:none}
@media print{body{background:#fff}main{padding:0;display:block}.actions,.links,.language{display:none}}
`;

function page(lang: string, title: string, head: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${PAGE_CSS}${head}</style></head><body>${body}</body></html>`;
}

/** Each receipt language by its own name, so a reader who cannot read the page still finds theirs. */
const LANGUAGES = [
  { lang: 'en', name: 'English' },
  { lang: 'ja', name: '日本語' },
] as const;

/** The language switch: plain links (`?lang=`), kept by the server in a cookie (receipt-language.ts). */
function languageSwitch(labels: ReceiptLabels): string {
  const links = LANGUAGES.map((l) =>
    l.lang === labels.lang
      ? `<a href="?lang=${l.lang}" lang="${l.lang}" aria-current="true">${l.name}</a>`
      : `<a href="?lang=${l.lang}" lang="${l.lang}" hreflang="${l.lang}">${l.name}</a>`,
  ).join('');
  return `<nav class="language" aria-label="${escapeHtml(labels.language)}">${links}</nav>`;
}

/**
 * The receipt page: the document drawn by the shared renderer, sized for its roll when printed,
 * and links (a sale's return receipts) under the Print button, which print leaves out.
 */
export function receiptPage(
  doc: ReceiptDocument,
  labels: ReceiptLabels,
  title: string,
  links: ReadonlyArray<{ href: string; text: string }> = [],
): string {
  const receipt = renderReceiptHtml(doc, { qrSvg, barcodeSvg });
  const list = links.length
    ? `<nav class="links">${links.map((l) => `<a href="${escapeHtml(l.href)}">${escapeHtml(l.text)}</a>`).join('')}</nav>`
    : '';
  return page(
    labels.lang,
    title,
    RECEIPT_CSS + receiptPageCss(doc.paperWidth),
    `<main>${languageSwitch(labels)}${receipt}<div class="actions"><button type="button" id="print">${escapeHtml(labels.print)}</button></div>${list}</main><script>${PRINT_SCRIPT}</script>`,
  );
}

/** The page for a code that is no receipt (unknown, or a cart still parked). */
export function receiptNotFoundPage(labels: ReceiptLabels): string {
  return page(
    labels.lang,
    labels.notFoundTitle,
    '',
    `<main><div class="missing" role="alert"><h1>${escapeHtml(labels.notFoundTitle)}</h1><p>${escapeHtml(labels.notFoundText)}</p></div></main>`,
  );
}
