import type { CurrencyCode } from './currencies.ts';
import { amountInCurrency } from './exchange.ts';
import { formatMoney } from './money.ts';
import type { PublicReceipt, PublicTender } from './receipt.ts';
import type { ReceiptBlock, ReceiptDocument } from './receipt-document.ts';
import type { ReceiptLabels } from './receipt-labels.ts';
import { basisPointsToPercent } from './tax-rate-text.ts';

export interface ReceiptBuildOptions {
  labels: ReceiptLabels;
  /** For dates (the store's time zone decides the clock, the locale the words). */
  locale: string;
  /** The receipt's public address, for the QR code. */
  url: string;
  /** Overrides `receipt.logoUrl` (e.g. an absolute address for a printer that fetches it). */
  logoUrl?: string;
}

/**
 * A rate short enough for a receipt line: 4 decimals from 1 up, 4 significant digits below 1
 * (153.981305175697 → 153.9813, 0.00649430 → 0.006494). Display only: amounts use the exact rate.
 */
export function shortRate(rate: string): string {
  const value = Number(rate);
  if (!Number.isFinite(value) || value <= 0) return rate;
  const text = value >= 1 ? value.toFixed(4) : value.toPrecision(4);
  return text.includes('.') && !text.includes('e') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** A date and time in the store's time zone, e.g. "Nov 24, 2026, 3:05 PM" or "2026/11/24 15:05". */
export function formatReceiptDate(iso: string, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * The receipt of a sale as printer-neutral blocks (receipt-document.ts): every amount is formatted
 * here with formatMoney in the sale's currencies, every date in the store's time zone, so each
 * renderer (HTML page, preview, ESC/POS) shows the same texts. It reads only the public receipt,
 * so nothing private can reach a printout.
 */
export function buildReceiptDocument(receipt: PublicReceipt, options: ReceiptBuildOptions): ReceiptDocument {
  const { labels: t, locale } = options;
  const main = receipt.currency;
  const money = (minor: number, currency: CurrencyCode = main) => formatMoney(minor, currency);
  const when = (iso: string) => formatReceiptDate(iso, receipt.store.timezone, locale);
  const blocks: ReceiptBlock[] = [];
  const push = (...more: ReceiptBlock[]) => blocks.push(...more);

  const logoUrl = receipt.template.showLogo ? (options.logoUrl ?? receipt.logoUrl) : null;
  if (logoUrl) push({ kind: 'image', url: logoUrl, alt: receipt.store.name ?? '' });
  if (receipt.store.name) push({ kind: 'text', text: receipt.store.name, align: 'center', bold: true, size: 'large' });
  if (receipt.store.address) push({ kind: 'text', text: receipt.store.address, align: 'center' });
  if (receipt.store.phone) push({ kind: 'text', text: `${t.phone} ${receipt.store.phone}`, align: 'center' });
  if (receipt.template.headerText) push({ kind: 'text', text: receipt.template.headerText, align: 'center' });
  push({ kind: 'rule' });
  push({ kind: 'text', text: when(receipt.date) });
  push({ kind: 'pair', left: t.receiptNumber, right: receipt.code });
  if (receipt.status !== 'COMPLETED') {
    const status = receipt.status === 'REFUNDED' ? t.refunded : t.partiallyRefunded;
    push({ kind: 'text', text: status, align: 'center', bold: true });
  }
  push({ kind: 'rule' });

  for (const line of receipt.lines) {
    push({ kind: 'text', text: line.name });
    push({
      kind: 'pair',
      left: `  ${line.quantity} × ${money(line.unitPrice)}`,
      right: money(line.unitPrice * line.quantity),
    });
    if (line.lineDiscount > 0) push({ kind: 'pair', left: `  ${t.discount}`, right: money(-line.lineDiscount) });
    if (line.refundedQuantity > 0) push({ kind: 'text', text: `  ${t.refundedItems(line.refundedQuantity)}` });
  }
  push({ kind: 'rule' });

  const discounted = receipt.lineDiscounts > 0 || receipt.cartDiscount > 0;
  if (discounted || receipt.taxMode === 'EXCLUSIVE' || receipt.rounding !== 0) {
    push({ kind: 'pair', left: t.subtotal, right: money(receipt.gross - receipt.lineDiscounts) });
  }
  if (receipt.cartDiscount > 0) push({ kind: 'pair', left: t.cartDiscount, right: money(-receipt.cartDiscount) });
  if (receipt.taxMode === 'EXCLUSIVE') {
    for (const b of receipt.taxes)
      push({ kind: 'pair', left: t.taxAt(`${basisPointsToPercent(b.rate)}%`), right: money(b.tax) });
  }
  if (receipt.rounding !== 0) push({ kind: 'pair', left: t.rounding, right: money(receipt.rounding) });
  push({ kind: 'pair', left: t.total, right: money(receipt.due), bold: true, size: 'large' });
  if (receipt.taxMode === 'INCLUSIVE') {
    for (const b of receipt.taxes) {
      const rate = `${basisPointsToPercent(b.rate)}%`;
      push({ kind: 'pair', left: t.taxableAt(rate), right: money(b.base + b.tax) });
      push({ kind: 'pair', left: `  ${t.taxIncludedAt(rate)}`, right: money(b.tax) });
    }
  }
  const second = receipt.secondCurrency;
  const converted = second && receipt.rate ? amountInCurrency(receipt.due, main, second, receipt.rate.rate) : null;
  if (receipt.template.showSecondCurrency && second && receipt.rate && converted !== null) {
    push({ kind: 'pair', left: t.totalIn(second), right: money(converted, second) });
    push({ kind: 'pair', left: t.rate(main, shortRate(receipt.rate.rate), second), right: receipt.rate.date });
  }
  push({ kind: 'rule' });

  pushTenders(blocks, receipt.payments, main, t, 1);

  for (const refund of receipt.refunds) {
    push({ kind: 'rule' });
    push({ kind: 'text', text: t.refund(when(refund.date)), bold: true });
    for (const line of refund.lines) {
      push({ kind: 'pair', left: `  ${line.quantity} × ${line.name}`, right: money(-line.amount) });
    }
    pushTenders(blocks, refund.tenders, main, t, -1);
    push({ kind: 'pair', left: t.refundTotal, right: money(-refund.amount), bold: true });
  }

  if (receipt.template.footerText) {
    push({ kind: 'rule' });
    push({ kind: 'text', text: receipt.template.footerText, align: 'center' });
  }
  if (receipt.template.showQr) {
    push({ kind: 'feed', lines: 1 });
    push({ kind: 'qr', data: options.url });
    push({ kind: 'text', text: t.scanToOpen, align: 'center' });
  }
  push({ kind: 'feed', lines: 2 });
  return { paperWidth: receipt.template.paperWidth, blocks };
}

/** Tenders and their change; `sign` -1 shows money given back. */
function pushTenders(
  blocks: ReceiptBlock[],
  tenders: PublicTender[],
  main: CurrencyCode,
  t: ReceiptLabels,
  sign: 1 | -1,
): void {
  for (const tender of tenders) {
    const label =
      tender.currency === main ? t.methods[tender.method] : `${t.methods[tender.method]} (${tender.currency})`;
    blocks.push({ kind: 'pair', left: label, right: formatMoney(sign * tender.amount, tender.currency) });
    if (tender.change > 0 && tender.changeCurrency && tender.changeCurrency !== tender.currency) {
      // Handed back in the main currency: that is the change the customer got.
      blocks.push({ kind: 'pair', left: t.change, right: formatMoney(tender.changeInMain, tender.changeCurrency) });
    } else if (tender.change > 0) {
      blocks.push({ kind: 'pair', left: t.change, right: formatMoney(tender.change, tender.currency) });
      if (tender.currency !== main) {
        blocks.push({ kind: 'pair', left: '', right: `= ${formatMoney(tender.changeInMain, main)}` });
      }
    }
  }
}
