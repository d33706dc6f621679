import type { CurrencyCode } from './currencies.ts';
import { amountInCurrency } from './exchange.ts';
import { formatMoney } from './money.ts';
import type { PublicReceipt, PublicTender } from './receipt.ts';
import type { ReceiptBlock, ReceiptDocument } from './receipt-document.ts';
import type { ReceiptLabels } from './receipt-labels.ts';
import { pushGiftCards, pushNonTaxable } from './receipt-gift-cards.ts';
import { isQualifiedInvoice, isReducedRate, REDUCED_RATE_MARK } from './qualified-invoice.ts';
import type { TaxMode } from './sale-pricing.ts';
import { basisPointsToPercent } from './tax-rate-text.ts';
import { amountOfQuantity, formatQuantity, perUnitSuffix } from './units.ts';

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

  const qualified = isQualifiedInvoice(receipt);
  pushStoreHeader(blocks, receipt, options, qualified ? t.qualifiedInvoice : null);
  push({ kind: 'text', text: when(receipt.date) });
  push({ kind: 'pair', left: t.receiptNumber, right: receipt.code });
  if (receipt.servedBy) push({ kind: 'text', text: t.servedBy(receipt.servedBy) });
  if (receipt.status !== 'COMPLETED') {
    const status = receipt.status === 'REFUNDED' ? t.refunded : t.partiallyRefunded;
    push({ kind: 'text', text: status, align: 'center', bold: true });
  }
  push({ kind: 'rule' });

  // A qualified invoice marks each reduced-rate line and explains the mark under the totals.
  const marked = (rate: number) => qualified && receipt.taxMode !== 'NONE' && isReducedRate(rate);
  for (const line of receipt.lines) {
    // A gift card line is named in the receipt's language, whatever the sale stored.
    const name = line.giftCard ? t.giftCard : line.name;
    push({ kind: 'text', text: marked(line.taxRate) ? `${name} ${REDUCED_RATE_MARK}` : name });
    // "0.342 kg × ¥1,980/kg  ¥677": a weighed line's weight and price per unit, or its label's price.
    push({
      kind: 'pair',
      left: `  ${formatQuantity(line.quantity, line.unit)} × ${money(line.unitPrice)}${perUnitSuffix(line.unit)}`,
      right: money(line.labelPrice ?? amountOfQuantity(line.quantity, line.unitPrice, line.unit)),
    });
    if (line.lineDiscount > 0) push({ kind: 'pair', left: `  ${t.discount}`, right: money(-line.lineDiscount) });
    if (line.refundedQuantity > 0) {
      push({ kind: 'text', text: `  ${t.refundedItems(line.refundedQuantity, line.unit)}` });
    }
  }
  push({ kind: 'rule' });

  const member = receipt.member ?? null;
  const pointsOff = member?.discount ?? 0;
  const discounted = receipt.lineDiscounts > 0 || receipt.cartDiscount > 0 || pointsOff > 0;
  if (discounted || receipt.taxMode === 'EXCLUSIVE' || receipt.rounding !== 0) {
    push({ kind: 'pair', left: t.subtotal, right: money(receipt.gross - receipt.lineDiscounts) });
  }
  if (receipt.cartDiscount > 0) push({ kind: 'pair', left: t.cartDiscount, right: money(-receipt.cartDiscount) });
  // Points are a discount on the whole sale, inside each rate's total below (a qualified receipt's per-rate figures).
  if (member && pointsOff > 0) {
    push({ kind: 'pair', left: t.pointsDiscount(points(member.redeemed)), right: money(-pointsOff) });
  }
  const rates = receipt.taxes.map((b) => ({ rate: b.rate, total: b.base + b.tax, tax: b.tax }));
  if (receipt.taxMode === 'EXCLUSIVE') {
    if (qualified) pushRateTotals(blocks, rates, receipt.taxMode, t, money);
    else for (const b of rates) push({ kind: 'pair', left: t.taxAt(percent(b.rate)), right: money(b.tax) });
    pushNonTaxable(blocks, receipt, t);
  }
  if (receipt.rounding !== 0) push({ kind: 'pair', left: t.rounding, right: money(receipt.rounding) });
  push({ kind: 'pair', left: t.total, right: money(receipt.due), bold: true, size: 'large' });
  if (receipt.taxMode === 'INCLUSIVE') {
    pushRateTotals(blocks, rates, receipt.taxMode, t, money);
    pushNonTaxable(blocks, receipt, t);
  }
  if (receipt.lines.some((l) => marked(l.taxRate))) push({ kind: 'text', text: t.reducedRateNote });
  const second = receipt.secondCurrency;
  const converted = second && receipt.rate ? amountInCurrency(receipt.due, main, second, receipt.rate.rate) : null;
  if (receipt.template.showSecondCurrency && second && receipt.rate && converted !== null) {
    push({ kind: 'pair', left: t.totalIn(second), right: money(converted, second) });
    push({ kind: 'pair', left: t.rate(main, shortRate(receipt.rate.rate), second), right: receipt.rate.date });
  }
  push({ kind: 'rule' });

  pushTenders(blocks, receipt.payments, main, t, 1);
  if (member) pushMember(blocks, member, t);

  for (const refund of receipt.refunds) {
    push({ kind: 'rule' });
    push({ kind: 'text', text: t.refund(when(refund.date)), bold: true });
    for (const line of refund.lines) {
      const name = marked(line.taxRate) ? `${line.name} ${REDUCED_RATE_MARK}` : line.name;
      push({
        kind: 'pair',
        left: `  ${formatQuantity(line.quantity, line.unit)} × ${name}`,
        right: money(-line.amount),
      });
    }
    pushTenders(blocks, refund.tenders, main, t, -1);
    push({ kind: 'pair', left: t.refundTotal, right: money(-refund.amount), bold: true });
  }
  pushGiftCards(blocks, receipt, t, locale);

  return finishReceipt(blocks, receipt, options);
}

const points = (n: number) => n.toLocaleString('en-US');

/** The customer's member code and points: earned, used and the balance after the sale. */
function pushMember(blocks: ReceiptBlock[], member: NonNullable<PublicReceipt['member']>, t: ReceiptLabels) {
  blocks.push({ kind: 'rule' }, { kind: 'pair', left: t.memberCode, right: member.code });
  if (member.earned !== 0) blocks.push({ kind: 'pair', left: t.pointsEarned, right: `+${points(member.earned)} pt` });
  if (member.redeemed !== 0) blocks.push({ kind: 'pair', left: t.pointsUsed, right: `-${points(member.redeemed)} pt` });
  blocks.push({ kind: 'pair', left: t.pointsBalance, right: `${points(member.balance)} pt` });
}

/** The end of every receipt: the template's footer, the QR back to it, and paper to tear off. */
export function finishReceipt(
  blocks: ReceiptBlock[],
  receipt: PublicReceipt,
  options: ReceiptBuildOptions,
): ReceiptDocument {
  if (receipt.template.footerText) {
    blocks.push({ kind: 'rule' }, { kind: 'text', text: receipt.template.footerText, align: 'center' });
  }
  if (receipt.template.showQr) {
    blocks.push(
      { kind: 'feed', lines: 1 },
      { kind: 'qr', data: options.url },
      { kind: 'text', text: options.labels.scanToOpen, align: 'center' },
    );
  }
  blocks.push({ kind: 'feed', lines: 2 });
  return { paperWidth: receipt.template.paperWidth, blocks };
}

const percent = (rate: number) => `${basisPointsToPercent(rate)}%`;

/**
 * The store's name, address, phone, registration number and header text, then a rule, and a
 * heading (a qualified invoice's title) when given: the top of a sale's and of a return's receipt.
 */
export function pushStoreHeader(
  blocks: ReceiptBlock[],
  receipt: PublicReceipt,
  options: ReceiptBuildOptions,
  heading: string | null,
): void {
  const t = options.labels;
  const push = (...more: ReceiptBlock[]) => blocks.push(...more);
  const logoUrl = receipt.template.showLogo ? (options.logoUrl ?? receipt.logoUrl) : null;
  if (logoUrl) push({ kind: 'image', url: logoUrl, alt: receipt.store.name ?? '' });
  if (receipt.store.name) push({ kind: 'text', text: receipt.store.name, align: 'center', bold: true, size: 'large' });
  if (receipt.store.address) push({ kind: 'text', text: receipt.store.address, align: 'center' });
  if (receipt.store.phone) push({ kind: 'text', text: `${t.phone} ${receipt.store.phone}`, align: 'center' });
  if (receipt.store.registrationNumber) {
    push({ kind: 'text', text: t.registrationNumber(receipt.store.registrationNumber), align: 'center' });
  }
  if (receipt.template.headerText) push({ kind: 'text', text: receipt.template.headerText, align: 'center' });
  push({ kind: 'rule' });
  if (heading) push({ kind: 'text', text: heading, align: 'center', bold: true });
}

/**
 * The total and the tax of each rate, highest rate first (10% then 8%, as the NTA's examples
 * list them): "10%対象 ¥1,100 / 内消費税 ¥100" with tax in the prices, "10%対象 ¥1,000 / 消費税
 * ¥100" with tax added. The figures are the stored ones, never recomputed.
 */
export function pushRateTotals(
  blocks: ReceiptBlock[],
  rates: ReadonlyArray<{ rate: number; total: number; tax: number }>,
  mode: TaxMode,
  t: ReceiptLabels,
  money: (minor: number) => string,
): void {
  if (mode === 'NONE') return;
  for (const b of [...rates].filter((r) => r.rate > 0).sort((x, y) => y.rate - x.rate)) {
    const rate = percent(b.rate);
    if (mode === 'INCLUSIVE') {
      blocks.push({ kind: 'pair', left: t.taxableAt(rate), right: money(b.total) });
      blocks.push({ kind: 'pair', left: `  ${t.taxIncludedAt(rate)}`, right: money(b.tax) });
    } else {
      blocks.push({ kind: 'pair', left: t.taxableAt(rate), right: money(b.total - b.tax) });
      blocks.push({ kind: 'pair', left: `  ${t.taxAt(rate)}`, right: money(b.tax) });
    }
  }
}

/** Tenders and their change; `sign` -1 shows money given back. */
export function pushTenders(
  blocks: ReceiptBlock[],
  tenders: PublicTender[],
  main: CurrencyCode,
  t: ReceiptLabels,
  sign: 1 | -1,
): void {
  for (const tender of tenders) {
    const method =
      tender.methodName ??
      (tender.methodDefaultName ? t.methodNames[tender.methodDefaultName] : t.methods[tender.method]);
    // A gift card shows its last four (a store credit is the customer's own: its name says enough).
    const card =
      tender.maskedCardCode && tender.methodDefaultName !== 'STORE_CREDIT' ? ` ${tender.maskedCardCode}` : '';
    const label = tender.currency === main ? `${method}${card}` : `${method}${card} (${tender.currency})`;
    blocks.push({ kind: 'pair', left: label, right: formatMoney(sign * tender.amount, tender.currency) });
    if (tender.maskedCardCode && tender.cardBalance != null) {
      blocks.push({
        kind: 'pair',
        left: `  ${t.cardBalance}`,
        right: formatMoney(tender.cardBalance, tender.currency),
      });
    }
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
