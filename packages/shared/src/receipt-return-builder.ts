import { formatMoney } from './money.ts';
import { isQualifiedInvoice, isReducedRate, REDUCED_RATE_MARK } from './qualified-invoice.ts';
import type { PublicReceipt } from './receipt.ts';
import {
  finishReceipt,
  formatReceiptDate,
  pushRateTotals,
  pushStoreHeader,
  pushTenders,
  type ReceiptBuildOptions,
} from './receipt-builder.ts';
import type { ReceiptBlock, ReceiptDocument } from './receipt-document.ts';
import { formatQuantity } from './units.ts';

/** The public address of a sale's n-th refund's receipt (n from 1), beside the sale's `/receipt/{code}`. */
export function returnReceiptPath(code: string, n: number): string {
  return `/receipt/${code}/return/${n}`;
}

/**
 * The receipt of one refund of a sale (product.md §5): for a qualified invoice's sale, the return
 * invoice (適格返還請求書) with the issuer and registration number, the refund's date, the date of
 * the sale it refunds, each refunded line (reduced-rate ones marked ※) and the refunded amount and
 * tax of each rate, summed from the refund's stored lines. `index` counts the sale's refunds from
 * 0; a RangeError when the sale has no such refund. Amounts are what went back, so positive.
 */
export function buildReturnReceiptDocument(
  receipt: PublicReceipt,
  index: number,
  options: ReceiptBuildOptions,
): ReceiptDocument {
  const refund = receipt.refunds[index];
  if (!refund) throw new RangeError('no such refund');
  const { labels: t, locale } = options;
  const money = (minor: number) => formatMoney(minor, receipt.currency);
  const when = (iso: string) => formatReceiptDate(iso, receipt.store.timezone, locale);
  const qualified = isQualifiedInvoice(receipt);
  const marked = (rate: number) => qualified && receipt.taxMode !== 'NONE' && isReducedRate(rate);
  const blocks: ReceiptBlock[] = [];
  const push = (...more: ReceiptBlock[]) => blocks.push(...more);

  pushStoreHeader(blocks, receipt, options, qualified ? t.qualifiedReturn : t.returnReceipt);
  push({ kind: 'text', text: when(refund.date) });
  push({ kind: 'pair', left: t.receiptNumber, right: receipt.code });
  push({ kind: 'pair', left: t.originalSale, right: when(receipt.date) });
  push({ kind: 'rule' });
  for (const line of refund.lines) {
    const name = marked(line.taxRate) ? `${line.name} ${REDUCED_RATE_MARK}` : line.name;
    push({ kind: 'pair', left: `${formatQuantity(line.quantity, line.unit)} × ${name}`, right: money(line.amount) });
  }
  push({ kind: 'rule' });
  push({ kind: 'pair', left: t.refundTotal, right: money(refund.amount), bold: true, size: 'large' });
  pushRateTotals(blocks, refund.taxes, receipt.taxMode, t, money);
  if (refund.lines.some((l) => marked(l.taxRate))) push({ kind: 'text', text: t.reducedRateNote });
  push({ kind: 'rule' });
  pushTenders(blocks, refund.tenders, receipt.currency, t, 1);
  return finishReceipt(blocks, receipt, options);
}
