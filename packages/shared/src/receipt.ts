import { z } from 'zod';
import { DiscountSchema, TRANSACTION_STATUSES } from './shop.ts';
import { TAX_MODES } from './sale-settings.ts';
import { TENDER_METHODS } from './sale-payment.ts';
import { currencySchema, multiLineText } from './validation.ts';

/**
 * Receipt templates (product.md §4) and the public receipt (product.md §6, issue 10). The public
 * receipt is what anyone holding a sale's code may read, so it is built from an allow-list of
 * fields: no id of any row, no cost or profit, no user, no clientId, no store id or image id.
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
  /** The currency the change was handed back in when it was the main one, not the tender's (issue 24). */
  changeCurrency: currencySchema.optional(),
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
  }),
  template: ReceiptDisplaySchema,
  /** Where the logo is fetched from, when the template shows it and one was uploaded. */
  logoUrl: z.string().nullable(),
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
    }),
  ),
  discount: DiscountSchema.nullable(),
  gross: money,
  lineDiscounts: money,
  cartDiscount: money,
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
      lines: z.array(z.object({ name: z.string(), quantity: z.number().int(), amount: money })),
      tenders: z.array(PublicTenderSchema),
    }),
  ),
  refundedAmount: money,
});
export type PublicReceipt = z.infer<typeof PublicReceiptSchema>;
