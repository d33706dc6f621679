import { CURRENCIES, isCurrencyCode } from './currencies.ts';
import { PAYMENT_METHOD_NAMES, type DefaultPaymentMethod } from './payment-methods.ts';
import type { TenderMethod } from './sale-payment.ts';
import { formatQuantity, isMeasuredUnit, type ProductUnit } from './units.ts';

/**
 * The words of a receipt, in English and Japanese. They live in shared (not in the web app's
 * locale files) because the server draws the public receipt page too, and the printer, the page
 * and the preview must say the same thing.
 */
export interface ReceiptLabels {
  /** The language the labels are in, for `<html lang>`. */
  lang: 'en' | 'ja';
  title: string;
  receiptNumber: string;
  /** The member who made the sale ("Served by Aiko", 担当：山田). */
  servedBy: (name: string) => string;
  phone: string;
  subtotal: string;
  discount: string;
  cartDiscount: string;
  /** The points discount: "Points used (120)". */
  pointsDiscount: (points: string) => string;
  memberCode: string;
  pointsEarned: string;
  pointsUsed: string;
  pointsBalance: string;
  /** `rate` is a percentage text such as "10%". */
  taxAt: (rate: string) => string;
  /** Tax included in the prices (INCLUSIVE mode), at `rate`. */
  taxIncludedAt: (rate: string) => string;
  taxableAt: (rate: string) => string;
  rounding: string;
  total: string;
  totalIn: (currency: string) => string;
  /** "1 USD = 151.5 JPY" (the rate's date is printed beside it). */
  rate: (main: string, rate: string, second: string) => string;
  methods: Record<TenderMethod, string>;
  /** The default payment methods' names, for a tender whose method the owner did not rename. */
  methodNames: Record<DefaultPaymentMethod, string>;
  change: string;
  /** What was given back of a line: pieces, or a measured unit's thousandths (`0.100 kg`). */
  refundedItems: (quantity: number, unit: ProductUnit) => string;
  refund: (date: string) => string;
  refundTotal: string;
  partiallyRefunded: string;
  refunded: string;
  scanToOpen: string;
  /** The heading of a qualified simplified invoice (適格簡易請求書). */
  qualifiedInvoice: string;
  /** The issuer's tax registration number line (登録番号). */
  registrationNumber: (number: string) => string;
  /** What the ※ on a line means (※は軽減税率対象商品). */
  reducedRateNote: string;
  /** The heading of a refund's own receipt; `qualifiedReturn` for a qualified invoice's (適格返還請求書). */
  returnReceipt: string;
  qualifiedReturn: string;
  /** The date of the sale a return receipt refunds. */
  originalSale: string;
  /** A return receipt's link on the sale's page, `n` counting from 1. */
  returnReceiptLink: (n: number, date: string) => string;
  /** A gift card line's name and the heading of a sold card's section. */
  giftCard: string;
  /** A card tender's balance after the payment. */
  cardBalance: string;
  /** A sold card's face value, last usable date, or none. */
  cardAmount: string;
  cardExpires: string;
  noExpiry: string;
  /** 資金決済法's disclosures: the issuer, where usable (default: at the store), a contact, how to check the balance. */
  cardIssuer: string;
  cardUsableAt: string;
  atStore: (store: string) => string;
  cardContact: string;
  cardBalanceCheck: string;
  askAtCounter: (contact: string) => string;
  /** A sold card whose line was refunded: its code spends nothing. */
  cardVoid: string;
  /** A sold card spent since: its code is no longer shown on the receipt. */
  cardInUse: string;
  /** The per-rate summary's line for what carries no tax (gift cards sold). */
  nonTaxable: string;
  print: string;
  /** The name of the page's language switch (its choices name themselves: English, 日本語). */
  language: string;
  notFoundTitle: string;
  notFoundText: string;
}

export const RECEIPT_LABELS: Record<'en' | 'ja', ReceiptLabels> = {
  en: {
    lang: 'en',
    title: 'Receipt',
    receiptNumber: 'Receipt no.',
    servedBy: (name) => `Served by ${name}`,
    phone: 'Tel',
    subtotal: 'Subtotal',
    discount: 'Discount',
    cartDiscount: 'Discount on the sale',
    pointsDiscount: (points) => `Points used (${points} pt)`,
    memberCode: 'Member no.',
    pointsEarned: 'Points earned',
    pointsUsed: 'Points used',
    pointsBalance: 'Points balance',
    taxAt: (rate) => `Tax ${rate}`,
    taxIncludedAt: (rate) => `Incl. tax ${rate}`,
    taxableAt: (rate) => `Taxable at ${rate}`,
    rounding: 'Rounding',
    total: 'Total',
    totalIn: (currency) => `Total in ${currency}`,
    rate: (main, rate, second) => `1 ${main} = ${rate} ${second}`,
    methods: { CASH: 'Cash', CARD: 'Card', OTHER: 'Other', STORED_VALUE: 'Gift card' },
    methodNames: PAYMENT_METHOD_NAMES.en,
    change: 'Change',
    refundedItems: (quantity, unit) => `Refunded: ${formatQuantity(quantity, unit)}`,
    refund: (date) => `Refund ${date}`,
    refundTotal: 'Refunded',
    partiallyRefunded: 'PARTIALLY REFUNDED',
    refunded: 'REFUNDED',
    scanToOpen: 'Scan to open this receipt',
    qualifiedInvoice: 'Qualified simplified invoice',
    registrationNumber: (number) => `Registration no. ${number}`,
    reducedRateNote: '※ Reduced tax rate item',
    returnReceipt: 'Return receipt',
    qualifiedReturn: 'Qualified return invoice',
    originalSale: 'Sale date',
    returnReceiptLink: (n, date) => `Return receipt ${n} (${date})`,
    giftCard: 'Gift card',
    cardBalance: 'Balance left',
    cardAmount: 'Amount',
    cardExpires: 'Valid until',
    noExpiry: 'No expiry',
    cardIssuer: 'Issuer',
    cardUsableAt: 'Usable at',
    atStore: (store) => `At ${store}`,
    cardContact: 'Contact',
    cardBalanceCheck: 'Balance enquiries',
    askAtCounter: (contact) => (contact ? `Ask at the counter, or contact ${contact}` : 'Ask at the counter'),
    cardVoid: 'VOID: refunded',
    cardInUse: 'In use: ask the shop for its number',
    nonTaxable: 'Not taxable',
    print: 'Print',
    language: 'Language',
    notFoundTitle: 'Receipt not found',
    notFoundText: 'Check the address on your receipt: this code belongs to no receipt.',
  },
  ja: {
    lang: 'ja',
    title: 'レシート',
    receiptNumber: 'レシート番号',
    servedBy: (name) => `担当：${name}`,
    phone: 'TEL',
    subtotal: '小計',
    discount: '値引き',
    cartDiscount: 'お会計値引き',
    pointsDiscount: (points) => `ポイント利用 (${points}pt)`,
    memberCode: '会員番号',
    pointsEarned: '今回獲得ポイント',
    pointsUsed: '今回利用ポイント',
    pointsBalance: 'ポイント残高',
    taxAt: (rate) => `消費税 ${rate}`,
    taxIncludedAt: (rate) => `内消費税 ${rate}`,
    taxableAt: (rate) => `${rate}対象`,
    rounding: '端数調整',
    total: '合計',
    totalIn: (currency) => `合計 (${currency})`,
    rate: (main, rate, second) => `1 ${main} = ${rate} ${second}`,
    methods: { CASH: '現金', CARD: 'カード', OTHER: 'その他', STORED_VALUE: 'ギフトカード' },
    methodNames: PAYMENT_METHOD_NAMES.ja,
    change: 'お釣り',
    refundedItems: (quantity, unit) =>
      isMeasuredUnit(unit) ? `返品 ${formatQuantity(quantity, unit)}` : `返品 ${quantity}点`,
    refund: (date) => `返金 ${date}`,
    refundTotal: '返金額',
    partiallyRefunded: '一部返金済み',
    refunded: '返金済み',
    scanToOpen: 'このレシートを開く',
    qualifiedInvoice: '適格簡易請求書',
    registrationNumber: (number) => `登録番号 ${number}`,
    reducedRateNote: '※は軽減税率対象商品',
    returnReceipt: '返品レシート',
    qualifiedReturn: '適格返還請求書',
    originalSale: '元取引日',
    returnReceiptLink: (n, date) => `返品レシート ${n}（${date}）`,
    giftCard: 'ギフトカード',
    cardBalance: 'ご利用後残高',
    cardAmount: '金額',
    cardExpires: '有効期限',
    noExpiry: '有効期限なし',
    cardIssuer: '発行者',
    cardUsableAt: '使用できる場所',
    atStore: (store) => `${store}の店頭`,
    cardContact: 'お問い合わせ先',
    cardBalanceCheck: '残高の確認方法',
    askAtCounter: (contact) => (contact ? `店頭でお尋ねください（${contact}）` : '店頭でお尋ねください'),
    cardVoid: '返金により無効',
    cardInUse: '利用済みのため番号は表示しません(店舗にお問い合わせください)',
    nonTaxable: '対象外',
    print: '印刷',
    language: '言語',
    notFoundTitle: 'レシートが見つかりません',
    notFoundText: 'レシートのアドレスをご確認ください。このコードのレシートはありません。',
  },
};

/** The labels for a BCP 47 locale (`ja`, `ja-JP` → Japanese; anything else → English). */
export function receiptLabelsFor(locale: string): ReceiptLabels {
  return locale.toLowerCase().startsWith('ja') ? RECEIPT_LABELS.ja : RECEIPT_LABELS.en;
}

/** The languages a receipt is written in. */
export const RECEIPT_LANGUAGES = ['en', 'ja'] as const;
export type ReceiptLanguage = (typeof RECEIPT_LANGUAGES)[number];

/**
 * The language a store's receipts are in: its main currency's (a yen store sells in Japan, so its
 * receipts are Japanese), English for every other currency, the only other language receipts have.
 * A store has no language field of its own; the currency is what says where it sells.
 */
export function storeReceiptLanguage(mainCurrency: string): ReceiptLanguage {
  return isCurrencyCode(mainCurrency) && CURRENCIES[mainCurrency].locale.startsWith('ja') ? 'ja' : 'en';
}

/**
 * The receipt language an Accept-Language header asks for: the first of en/ja by the header's
 * order and q-values; English when it names neither.
 */
export function receiptLocaleFromAcceptLanguage(header: string | undefined): 'en' | 'ja' {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0 && (r.tag.startsWith('ja') || r.tag.startsWith('en')))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.tag.startsWith('ja') ? 'ja' : 'en';
}
