import type { CurrencyCode } from './currencies.ts';
import { formatMoney } from './money.ts';
import type { PublicReceipt } from './receipt.ts';
import type { ReceiptBlock } from './receipt-document.ts';
import type { ReceiptLabels } from './receipt-labels.ts';
import { formatCardCode } from './card-codes.ts';

/**
 * The gift cards a sale sold, as receipt blocks (product.md §5 "Gift cards and store credit"):
 * for each card its code as a Code 128 barcode, in text and as a QR (so any of the counter's
 * scanners takes it back), its amount and expiry, and the disclosures Japan's Payment Services Act
 * (資金決済法) asks of a self-issued prepaid card: the issuer, where usable, a contact and how to
 * check the balance. Each card carries them all, so a card cut off the roll stands on its own.
 */

/** A business date (YYYY-MM-DD) as the receipt's language writes it: "Jun 4, 2027", "2027/06/04". */
export function formatBusinessDate(date: string, locale: string): string {
  const at = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(at);
}

export function pushGiftCards(blocks: ReceiptBlock[], receipt: PublicReceipt, t: ReceiptLabels, locale: string): void {
  const terms = receipt.giftCardTerms;
  const money = (minor: number) => formatMoney(minor, receipt.currency as CurrencyCode);
  for (const line of receipt.lines) {
    const card = line.giftCard;
    if (!card) continue;
    blocks.push({ kind: 'rule' }, { kind: 'text', text: t.giftCard, align: 'center', bold: true });
    // A refunded card was taken back (its balance went with the refund): no code to scan any more.
    if (line.refundedQuantity >= line.quantity) {
      blocks.push(
        { kind: 'text', text: formatCardCode(card.code), align: 'center' },
        { kind: 'text', text: t.cardVoid, align: 'center', bold: true },
      );
      continue;
    }
    // A card spent since shows its last four only (the link outlives the paper): nothing to scan.
    if (card.inUse) {
      blocks.push(
        { kind: 'text', text: card.code, align: 'center', bold: true },
        { kind: 'text', text: t.cardInUse, align: 'center' },
      );
    } else {
      blocks.push(
        { kind: 'barcode', data: card.code },
        { kind: 'text', text: formatCardCode(card.code), align: 'center', bold: true },
        { kind: 'qr', data: card.code },
      );
    }
    blocks.push(
      { kind: 'pair', left: t.cardAmount, right: money(line.total), bold: true },
      {
        kind: 'pair',
        left: t.cardExpires,
        right: card.expiresAt ? formatBusinessDate(card.expiresAt, locale) : t.noExpiry,
      },
    );
    if (!terms) continue;
    blocks.push({ kind: 'pair', left: t.cardIssuer, right: terms.issuer });
    blocks.push({ kind: 'text', text: `${t.cardUsableAt}: ${terms.usableAt || t.atStore(terms.issuer)}` });
    if (terms.contact) blocks.push({ kind: 'text', text: `${t.cardContact}: ${terms.contact}` });
    blocks.push({ kind: 'text', text: `${t.cardBalanceCheck}: ${t.askAtCounter(terms.contact)}` });
  }
}

/**
 * The per-rate summary's non-taxable line: the gift cards sold (a card's sale is not a taxable
 * supply; tax is charged when the card is spent on goods). Nothing when the sale sold none.
 */
export function pushNonTaxable(blocks: ReceiptBlock[], receipt: PublicReceipt, t: ReceiptLabels): void {
  if (receipt.taxMode === 'NONE') return;
  const total = receipt.lines.reduce((sum, l) => sum + (l.giftCard ? l.total : 0), 0);
  if (total > 0) {
    blocks.push({ kind: 'pair', left: t.nonTaxable, right: formatMoney(total, receipt.currency as CurrencyCode) });
  }
}
