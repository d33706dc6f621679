import type { PublicReceipt, PublicTender, ReceiptDisplay } from './receipt.ts';
import type { ShopTransaction, Tender } from './shop.ts';

/** The store details a receipt may show. */
export interface ReceiptStoreDetails {
  name: string;
  address: string;
  phone: string;
  timezone: string;
}

function publicTender(t: Tender): PublicTender {
  const tender = {
    method: t.method,
    currency: t.currency,
    amount: t.amount,
    change: t.change,
    changeInMain: t.changeInMain,
  };
  return t.changeCurrency && t.changeCurrency !== t.currency ? { ...tender, changeCurrency: t.changeCurrency } : tender;
}

/**
 * A sale as anyone holding its code may read it. Every field is copied by name from an allow-list,
 * so a field added to ShopTransaction later (an id, a cost) never reaches the public by accident.
 * Refund lines carry the line's name instead of its id. Only completed sales have a receipt.
 */
export function toPublicReceipt(
  sale: ShopTransaction,
  store: ReceiptStoreDetails,
  template: ReceiptDisplay,
  logoUrl: string | null,
): PublicReceipt {
  if (sale.status === 'PARKED') throw new Error('A parked cart has no receipt');
  const nameOf = new Map(sale.lines.map((l) => [l.id, l.name]));
  const shown = (show: boolean, value: string) => (show && value.trim() !== '' ? value : null);
  return {
    code: sale.code,
    status: sale.status,
    store: {
      name: shown(template.showStoreName, store.name),
      address: shown(template.showAddress, store.address),
      phone: shown(template.showPhone, store.phone),
      timezone: store.timezone,
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
      paperWidth: template.paperWidth,
    },
    logoUrl: template.showLogo ? logoUrl : null,
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
    })),
    discount: sale.discount,
    gross: sale.gross,
    lineDiscounts: sale.lineDiscounts,
    cartDiscount: sale.cartDiscount,
    taxes: sale.taxes.map((b) => ({ rate: b.rate, base: b.base, tax: b.tax })),
    tax: sale.tax,
    total: sale.total,
    rounding: sale.rounding,
    due: sale.due,
    payments: sale.payments.map(publicTender),
    changeInMain: sale.changeInMain,
    refunds: sale.refunds.map((r) => ({
      date: r.createdAt,
      amount: r.amount,
      lines: r.lines.map((l) => ({ name: nameOf.get(l.lineId) ?? '', quantity: l.quantity, amount: l.amount })),
      tenders: r.tenders.map(publicTender),
    })),
    refundedAmount: sale.refundedAmount,
  };
}
