import { z } from 'zod';
import { DiscountSchema, TRANSACTION_STATUSES } from './shop.ts';
import { TAX_MODES } from './sale-settings.ts';
import { DEFAULT_PAYMENT_METHODS } from './payment-methods.ts';
import { TENDER_METHODS } from './sale-payment.ts';
import { currencySchema, multiLineText } from './validation.ts';
import { PRODUCT_UNITS } from './units.ts';

/**
 * Receipt templates (product.md §4) and the public receipt (product.md §6). The public receipt is
 * what anyone holding a sale's code may read, so it is built from an allow-list of fields: no id of
 * any row, no cost or profit, no user, no clientId, no store id or image id.
 */

export const RECEIPT_PAPER_WIDTHS = [58, 80] as const;

/** The longest header or footer text, and how many lines it may have: a receipt is a narrow roll. */
export const RECEIPT_TEXT_MAX = 500;
export const RECEIPT_TEXT_MAX_LINES = 10;

const receiptText = (label: string) =>
  multiLineText({ label, max: RECEIPT_TEXT_MAX }).refine((v) => v.split('\n').length <= RECEIPT_TEXT_MAX_LINES, {
    message: `${label} must have at most ${RECEIPT_TEXT_MAX_LINES} lines`,
  });

/** What the owner chooses; every field is required in a PUT (a full replacement, like the store's details). */
const templateOptions = {
  headerText: receiptText('Header text'),
  footerText: receiptText('Footer text'),
  showLogo: z.boolean(),
  showStoreName: z.boolean(),
  showAddress: z.boolean(),
  showPhone: z.boolean(),
  showSecondCurrency: z.boolean(),
  showQr: z.boolean(),
  /** "Served by <first name>"; a client that predates it sends none and keeps it off. */
  showServedBy: z.boolean().default(false),
  paperWidth: z.union([z.literal(58), z.literal(80)], { error: 'Paper width is 58 or 80 mm' }),
};

/** `PUT /virtual-store/{urlName}/receipt-template`: unknown fields are refused, not ignored. */
export const ReceiptTemplateBodySchema = z.strictObject(templateOptions);
export type ReceiptTemplateBody = z.infer<typeof ReceiptTemplateBodySchema>;

/** A store without a saved template prints with these. */
export const DEFAULT_RECEIPT_TEMPLATE: ReceiptTemplateBody = {
  headerText: '',
  footerText: '',
  showLogo: false,
  showStoreName: true,
  showAddress: true,
  showPhone: true,
  showSecondCurrency: true,
  showQr: true,
  showServedBy: false,
  paperWidth: 58,
};

/** `GET, PUT /virtual-store/{urlName}/receipt-template` (the owner's view). */
export const ReceiptTemplateSchema = z.object({
  storeId: z.string(),
  headerText: z.string(),
  footerText: z.string(),
  showLogo: z.boolean(),
  /** The store's receipt image identifier (original.md §3): upload to it with PUT /file/data. */
  logoImageId: z.string(),
  /** Whether an image has been uploaded under `logoImageId`: the logo prints only then. */
  logoUploaded: z.boolean(),
  showStoreName: z.boolean(),
  showAddress: z.boolean(),
  showPhone: z.boolean(),
  showSecondCurrency: z.boolean(),
  showQr: z.boolean(),
  showServedBy: z.boolean(),
  paperWidth: z.union([z.literal(58), z.literal(80)]),
});
export type ReceiptTemplate = z.infer<typeof ReceiptTemplateSchema>;

/** The display options of a template, as the public receipt carries them (no store or image id). */
export const ReceiptDisplaySchema = z.object({
  headerText: z.string(),
  footerText: z.string(),
  showLogo: z.boolean(),
  showStoreName: z.boolean(),
  showAddress: z.boolean(),
  showPhone: z.boolean(),
  showSecondCurrency: z.boolean(),
  showQr: z.boolean(),
  showServedBy: z.boolean(),
  paperWidth: z.union([z.literal(58), z.literal(80)]),
});
export type ReceiptDisplay = z.infer<typeof ReceiptDisplaySchema>;

const money = z.number().int();

export const PublicTenderSchema = z.object({
  method: z.enum(TENDER_METHODS),
  currency: currencySchema,
  /** In the tender's own currency. */
  amount: money,
  /** Change given from this tender, in its own currency, and what it is in the main currency. */
  change: money,
  changeInMain: money,
  /** The currency the change was handed back in when it was the main one, not the tender's. */
  changeCurrency: currencySchema.optional(),
  /**
   * The store's method as it was paid: the owner's name for it, else its default name (printed in
   * the receipt's language). Both absent for a tender stored before named tenders.
   */
  methodName: z.string().nullable().optional(),
  methodDefaultName: z.enum(DEFAULT_PAYMENT_METHODS).nullable().optional(),
  /**
   * A STORED_VALUE tender's card, masked (`•••• 3456`: the code is the card's bearer secret), and
   * its balance after the payment. Absent for every other tender.
   */
  maskedCardCode: z.string().optional(),
  cardBalance: money.nullable().optional(),
});
export type PublicTender = z.infer<typeof PublicTenderSchema>;

export const PublicReceiptSchema = z.object({
  /** The sale's public code (the address of the receipt itself). */
  code: z.string(),
  status: z.enum(TRANSACTION_STATUSES).exclude(['PARKED']),
  /** Null when the template hides it, or (address, phone) when the store has none. */
  store: z.object({
    name: z.string().nullable(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    timezone: z.string(),
    /**
     * The issuer's tax registration number on the day of the sale, or null. With a yen sale it is
     * the Japanese invoice number and the receipt is a qualified simplified invoice (適格簡易請求書):
     * it then always shows the store's name, whatever the template says.
     */
    registrationNumber: z.string().nullable(),
    /** The store's language (storeReceiptLanguage): the receipt shows in it unless its reader picks another. */
    language: z.enum(['en', 'ja']),
  }),
  template: ReceiptDisplaySchema,
  /** Where the logo is fetched from, when the template shows it and one was uploaded. */
  logoUrl: z.string().nullable(),
  /**
   * The first name of the member who made the sale, when the template shows it: a first name only,
   * never an email or an id. Null when hidden or when the account has no name.
   */
  servedBy: z.string().nullable(),
  /** When the sale was completed (ISO 8601, UTC); shown in `store.timezone`. */
  date: z.string(),
  currency: currencySchema,
  secondCurrency: currencySchema.nullable(),
  /** The main → second rate the sale used, with its date; null when the sale used none. */
  rate: z.object({ rate: z.string(), date: z.string() }).nullable(),
  taxMode: z.enum(TAX_MODES),
  lines: z.array(
    z.object({
      name: z.string(),
      quantity: z.number().int(),
      unitPrice: money,
      lineDiscount: money,
      cartDiscount: money,
      taxRate: z.number().int(),
      total: money,
      refundedQuantity: z.number().int(),
      /** EACH, or the measured unit whose thousandths `quantity` counts and `unitPrice` is per. */
      unit: z.enum(PRODUCT_UNITS).default('EACH'),
      /** What a price-embedded label charged for the line, or null. */
      labelPrice: money.nullable().default(null),
      /**
       * A gift card line: the card's code in full (the buyer's receipt is where the card's holder
       * reads it, as a barcode and a QR) and its last usable date (YYYY-MM-DD), null when it never
       * expires. Absent for every other line.
       */
      // inUse: spent since it was sold; `code` is then its last four only.
      giftCard: z
        .object({ code: z.string(), expiresAt: z.string().nullable(), inUse: z.boolean().optional() })
        .optional(),
    }),
  ),
  /**
   * What Japan's Payment Services Act (資金決済法) asks a self-issued prepaid card to show, printed
   * with each gift card the sale sold: the issuer (the store's name, whatever the template hides),
   * where the card is usable and a contact (the store's settings; empty: the store's phone, or
   * none). Absent when the sale sold no card.
   */
  giftCardTerms: z.object({ issuer: z.string(), usableAt: z.string(), contact: z.string() }).optional(),
  discount: DiscountSchema.nullable(),
  gross: money,
  lineDiscounts: money,
  cartDiscount: money,
  /**
   * The customer's member code and points (product.md §5): earned, used (and what they took off),
   * the balance after the sale. Never their name or contact. Null or absent: no customer.
   */
  member: z
    .object({
      code: z.string(),
      earned: z.number().int(),
      redeemed: z.number().int(),
      discount: money,
      balance: z.number().int(),
    })
    .nullable()
    .optional(),
  /** Tax per rate; empty for a store without tax. */
  taxes: z.array(z.object({ rate: z.number().int(), base: money, tax: money })),
  tax: money,
  total: money,
  rounding: money,
  due: money,
  payments: z.array(PublicTenderSchema),
  changeInMain: money,
  refunds: z.array(
    z.object({
      date: z.string(),
      amount: money,
      lines: z.array(
        z.object({
          name: z.string(),
          quantity: z.number().int(),
          unit: z.enum(PRODUCT_UNITS).default('EACH'),
          amount: money,
          taxRate: z.number().int(),
        }),
      ),
      /** What this refund gave back per tax rate (rate 0 included), summed from its stored lines. */
      taxes: z.array(z.object({ rate: z.number().int(), total: money, tax: money })),
      tenders: z.array(PublicTenderSchema),
    }),
  ),
  refundedAmount: money,
});
export type PublicReceipt = z.infer<typeof PublicReceiptSchema>;
