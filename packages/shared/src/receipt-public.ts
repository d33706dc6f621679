import type { PublicReceipt, PublicTender, ReceiptDisplay } from './receipt.ts';
import { refundRateTotals } from './qualified-invoice.ts';
import { storeReceiptLanguage } from './receipt-labels.ts';
import type { ShopTransaction, Tender } from './shop.ts';
import { maskCardCode } from './card-codes.ts';

/** The store details a receipt may show. */
export interface ReceiptStoreDetails {
  name: string;
  address: string;
  phone: string;
  timezone: string;
  /** The store's main currency, which gives the receipt's language; the sale's currency without it (a preview). */
  mainCurrency?: string;
}

/**
 * What a receipt prints with the gift cards a sale sold (資金決済法's disclosures): the store's
 * stored-value settings as they are now, and each sold card's last usable date by its code.
 */
export interface ReceiptGiftCardDetails {
  /** Where the cards are usable; empty: at the store (the labels say "At {store name}"). */
  usableAt: string;
  /** Who to ask; empty: the store's phone. */
  contact: string;
  /** Each sold card's last usable date (YYYY-MM-DD), null when it never expires; by its code. */
  expiresAt: Record<string, string | null>;
  /**
   * The sold cards spent since (by code): their receipt shows only the last four. A receipt link
   * outlives the paper, and the code is the card's bearer secret; the shop still sees it in full.
   */
  inUse?: Record<string, boolean>;
}

function publicTender(t: Tender): PublicTender {
  const tender = {
    method: t.method,
    currency: t.currency,
    amount: t.amount,
    change: t.change,
    changeInMain: t.changeInMain,
    ...(t.methodName || t.methodDefaultName
      ? { methodName: t.methodName ?? null, methodDefaultName: t.methodDefaultName ?? null }
      : {}),
    // Never the whole code: a tender's card is the payer's, and its code spends what is left on it.
    ...(t.method === 'STORED_VALUE' && t.cardCode
      ? { maskedCardCode: maskCardCode(t.cardCode), cardBalance: t.cardBalance ?? null }
      : {}),
  };
  return t.changeCurrency && t.changeCurrency !== t.currency ? { ...tender, changeCurrency: t.changeCurrency } : tender;
}

/**
 * What a receipt may print of a member's account name: its first word ("Aiko Sato" → "Aiko",
 * "山田 太郎" → "山田", the family name Japanese receipts print), so a customer never gets a staff
 * member's full name; null for an empty name or one that looks like an email address.
 */
export function receiptFirstName(accountName: string | null | undefined): string | null {
  const first = (accountName ?? '').trim().split(/\s+/)[0] ?? '';
  return first === '' || first.includes('@') ? null : first;
}

/**
 * A sale as anyone holding its code may read it. Every field is copied by name from an allow-list,
 * so a field added to ShopTransaction later (an id, a cost) never reaches the public by accident.
 * Refund lines carry the line's name instead of its id. Only completed sales have a receipt.
 * `sale.servedBy` is the member who made the sale as the sale keeps it (a removed member's sales
 * still name them); only the first name of it shows, and only when the template says so. The
 * server falls back to the email for an account without a name: receiptFirstName drops that.
 */
export function toPublicReceipt(
  sale: ShopTransaction,
  store: ReceiptStoreDetails,
  template: ReceiptDisplay,
  logoUrl: string | null,
  giftCards?: ReceiptGiftCardDetails,
): PublicReceipt {
  if (sale.status === 'PARKED') throw new Error('A parked cart has no receipt');
  const soldCards = sale.lines.some((l) => l.giftCardCode);
  const lineOf = new Map(sale.lines.map((l) => [l.id, l]));
  const shown = (show: boolean, value: string) => (show && value.trim() !== '' ? value : null);
  const registrationNumber = sale.taxRegistrationNumber ?? null;
  const rateOf = (lineId: string) => (sale.taxMode === 'NONE' ? 0 : (lineOf.get(lineId)?.taxRate ?? 0));
  return {
    code: sale.code,
    status: sale.status,
    store: {
      // An invoice names its issuer: with a registration number the name shows whatever the template says.
      name: shown(template.showStoreName || registrationNumber !== null, store.name),
      address: shown(template.showAddress, store.address),
      phone: shown(template.showPhone, store.phone),
      timezone: store.timezone,
      registrationNumber,
      language: storeReceiptLanguage(store.mainCurrency ?? sale.currency),
    },
    template: {
      headerText: template.headerText,
      footerText: template.footerText,
      showLogo: template.showLogo,
      showStoreName: template.showStoreName,
      showAddress: template.showAddress,
      showPhone: template.showPhone,
      showSecondCurrency: template.showSecondCurrency,
      showQr: template.showQr,
      showServedBy: template.showServedBy,
      paperWidth: template.paperWidth,
    },
    logoUrl: template.showLogo ? logoUrl : null,
    servedBy: template.showServedBy ? receiptFirstName(sale.servedBy?.name) : null,
    date: sale.completedAt ?? sale.createdAt,
    currency: sale.currency,
    secondCurrency: sale.secondCurrency,
    rate: sale.rate ? { rate: sale.rate.rate, date: sale.rate.date } : null,
    taxMode: sale.taxMode,
    lines: sale.lines.map((l) => ({
      name: l.name,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      lineDiscount: l.lineDiscount,
      cartDiscount: l.cartDiscount,
      taxRate: l.taxRate,
      total: l.total,
      refundedQuantity: l.refundedQuantity,
      unit: l.unit,
      labelPrice: l.labelPrice,
      ...(l.giftCardCode
        ? {
            giftCard: giftCards?.inUse?.[l.giftCardCode]
              ? {
                  code: maskCardCode(l.giftCardCode),
                  expiresAt: giftCards.expiresAt[l.giftCardCode] ?? null,
                  inUse: true,
                }
              : { code: l.giftCardCode, expiresAt: giftCards?.expiresAt[l.giftCardCode] ?? null },
          }
        : {}),
    })),
    ...(soldCards
      ? {
          giftCardTerms: {
            issuer: store.name,
            usableAt: giftCards?.usableAt.trim() ?? '',
            contact: giftCards?.contact.trim() || store.phone.trim(),
          },
        }
      : {}),
    discount: sale.discount,
    gross: sale.gross,
    lineDiscounts: sale.lineDiscounts,
    cartDiscount: sale.cartDiscount,
    member:
      sale.customer && sale.points
        ? {
            code: sale.customer.code,
            earned: sale.points.earned,
            redeemed: sale.points.redeemed,
            discount: sale.points.discount,
            balance: sale.points.balance,
          }
        : null,
    taxes: sale.taxes.map((b) => ({ rate: b.rate, base: b.base, tax: b.tax })),
    tax: sale.tax,
    total: sale.total,
    rounding: sale.rounding,
    due: sale.due,
    payments: sale.payments.map(publicTender),
    changeInMain: sale.changeInMain,
    refunds: sale.refunds.map((r) => {
      const lines = r.lines.map((l) => ({ ...l, taxRate: rateOf(l.lineId) }));
      return {
        date: r.createdAt,
        amount: r.amount,
        lines: lines.map((l) => ({
          name: lineOf.get(l.lineId)?.name ?? '',
          quantity: l.quantity,
          unit: lineOf.get(l.lineId)?.unit ?? 'EACH',
          amount: l.amount,
          taxRate: l.taxRate,
        })),
        taxes: refundRateTotals(lines),
        tenders: r.tenders.map(publicTender),
      };
    }),
    refundedAmount: sale.refundedAmount,
  };
}
