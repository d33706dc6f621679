import { z } from 'zod';
import { productCodeSchema } from './product-code-schema.ts';
import { windowSchema } from './products.ts';
import { ExchangeRateSchema, dateIdSchema, rateTextSchema } from './rates.ts';
import { TAX_CALCULATIONS, TAX_ROUNDINGS } from './sale-pricing.ts';
import { TAX_MODES, basisPointsSchema } from './sale-settings.ts';
import {
  DEFAULT_PAYMENT_METHODS,
  PAYMENT_METHOD_KINDS,
  paymentMethodIdSchema,
  paymentMethodLabel,
  type PaymentMethodLabel,
} from './payment-methods.ts';
import { TENDER_METHODS } from './sale-payment.ts';
import { MAX_MEASURED_QUANTITY, PRODUCT_UNITS } from './units.ts';
import { ApprovalSchema, memberIdSchema } from './till.ts';
import { MAX_POINTS, SaleCustomerSchema, SalePointsSchema } from './customers.ts';
import { GiftCardLineSchema, cardCodeSchema } from './stored-value.ts';
import { currencySchema, singleLineText } from './validation.ts';

/**
 * The counter's API shapes (product.md §4–§6): sales ("shop transactions"), their lines, tenders
 * and refunds. Money is integer minor units of the store's main currency unless a field names
 * another currency; rates and percentages are basis points.
 */

export const TRANSACTION_STATUSES = ['PARKED', 'COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** The largest unit price or amount a sale takes: 10^10 minor units (100 million in a 2-decimal currency). */
export const MAX_SALE_AMOUNT = 10_000_000_000;
export const MAX_LINE_QUANTITY = 9_999;
export const MAX_SALE_LINES = 200;

const amountSchema = z
  .number({ error: 'Must be a whole number of minor units' })
  .int('Must be a whole number of minor units')
  .min(0, 'Must not be negative')
  .max(MAX_SALE_AMOUNT, 'Amount is too large');

export const DiscountSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('AMOUNT'), amount: amountSchema }),
  z.object({ kind: z.literal('PERCENT'), basisPoints: basisPointsSchema }),
]);

/** A line by product code, or an open-price line (no code: a name and a unit price typed at the counter). */
export const SaleLineInputSchema = z
  .object({
    code: productCodeSchema.optional(),
    name: singleLineText({ label: 'Name', min: 1, max: 120 }).optional(),
    /** The product's price when absent; the price the counter showed otherwise. */
    unitPrice: amountSchema.optional(),
    /**
     * What the counter says: the price was changed by hand (PRICE_OVERRIDE, product.md §2). The
     * server decides for itself, from the catalogue price in effect at the sale's time and the
     * label, and no longer reads this; kept so older clients' sales still validate.
     */
    priceOverride: z.boolean().optional(),
    /**
     * The price-embedded label scanned for this line (its barcode, as scanned): the server reads its
     * price with the store's barcode rules, so a `labelPrice` (or a piece's `unitPrice`) it
     * confirms is the catalogue's, not an override.
     */
    label: z
      .string()
      .regex(/^\d{12,13}$/, 'A label is the 12 or 13 digits of its barcode')
      .optional(),
    /** Whole units, or thousandths of the unit for a measured product (0.342 kg is 342). */
    quantity: z
      .number({ error: 'Quantity must be a whole number' })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be at least 1')
      .max(MAX_MEASURED_QUANTITY, `Quantity must be at most ${MAX_MEASURED_QUANTITY}`),
    /**
     * The price printed on a price-embedded label of a measured product (product.md §5): the line
     * costs exactly this; its quantity was derived from it.
     */
    labelPrice: amountSchema.optional(),
    discount: DiscountSchema.nullish(),
    /**
     * A gift card sold (stored-value.ts): its amount is the line's price, quantity 1, no tax, no
     * discount, no points; the card is active once the sale completes. Its code is in the answer.
     */
    giftCard: GiftCardLineSchema.optional(),
  })
  .refine(
    (l) => l.giftCard !== undefined || l.code !== undefined || (l.name !== undefined && l.unitPrice !== undefined),
    { message: 'A line needs a product code, or a name and a unit price', path: ['code'] },
  )
  .refine(
    (l) =>
      l.giftCard === undefined ||
      (l.quantity === 1 && l.code === undefined && l.label === undefined && l.labelPrice === undefined && !l.discount),
    { message: 'A gift card line is one card of its amount: no product code, label or discount', path: ['giftCard'] },
  );
export type SaleLineInput = z.infer<typeof SaleLineInputSchema>;

/**
 * Which of the store's payment methods a tender was paid with, beside `method`, the kind the
 * settlement knows (CASH gives change, the others do not), which must be that method's
 * (`tenderMethodOf`). Without `methodId` the server takes the store's first method of `method`'s kind.
 */
const namedTenderFields = {
  methodId: paymentMethodIdSchema.optional(),
  /** The slip's or transaction number (a method with needsReference asks for it); stored with the tender. */
  reference: singleLineText({ label: 'Reference', max: 64 }).optional(),
};

export const TenderInputSchema = z
  .object({
    method: z.enum(TENDER_METHODS),
    currency: currencySchema,
    amount: amountSchema.min(1, 'Must be more than zero'),
    /** Cash change handed back in this currency: the tender's own (default) or the store's main one. */
    changeCurrency: currencySchema.optional(),
    ...namedTenderFields,
    /** STORED_VALUE: the gift card's or store credit's code (online only, no change, at most its balance). */
    cardCode: cardCodeSchema.optional(),
  })
  .refine((t) => (t.method === 'STORED_VALUE') === (t.cardCode !== undefined), {
    message: 'A gift card or store credit payment names its card code, and only it does',
    path: ['cardCode'],
  })
  .refine((t) => t.method !== 'STORED_VALUE' || t.methodId === undefined, {
    message: 'A gift card payment names no payment method',
    path: ['methodId'],
  });

const clientIdSchema = z.uuid({ error: 'clientId must be a UUID made by the device' });

/**
 * How far a device's sale time may lie ahead of the server's clock (clock skew), and how old it may
 * be: a sale older than the device queue keeps sales is not a sale being synced.
 */
export const SOLD_AT_MAX_AHEAD_MS = 5 * 60_000;
export const SOLD_AT_MAX_AGE_DAYS = 30;

/**
 * How far (basis points) the rate a device showed may differ from the store's rate on the server
 * for the server to take it: a rate the device had a few days ago passes, a mistyped one does not.
 */
export const DEVICE_RATE_TOLERANCE_BP = 1_000;

/** The main → second rate the counter showed the customer, with its date and source. */
export const SaleRateInputSchema = z.object({
  rate: rateTextSchema,
  date: dateIdSchema,
  source: z.string().trim().min(1).max(40),
});
export type SaleRateInput = z.infer<typeof SaleRateInputSchema>;

/**
 * On a till (product.md §2): the member who made the action, unlocked by their PIN (the session's
 * user when absent), and the member whose PIN approved what the first one lacks.
 */
const tillActors = {
  userId: memberIdSchema.optional(),
  approval: ApprovalSchema.optional(),
};

/** What a sale holds, created or edited: its status, lines, cart discount and payment. */
const saleContent = {
  status: z.enum(['PARKED', 'COMPLETED']),
  lines: z
    .array(SaleLineInputSchema)
    .min(1, 'A sale needs at least one line')
    .max(MAX_SALE_LINES, `A sale has at most ${MAX_SALE_LINES} lines`),
  discount: DiscountSchema.nullish(),
  /** Empty or absent only when nothing is due (a 100% discount, a zero price, cash rounding to 0). */
  payments: z.array(TenderInputSchema).max(10).optional(),
  payment: TenderInputSchema.optional(),
  note: singleLineText({ label: 'Note', max: 200 }).optional(),
  /**
   * The device's time of the sale (ISO-8601 UTC): a sale synced later keeps it. At most
   * SOLD_AT_MAX_AHEAD_MS ahead of the server's clock and SOLD_AT_MAX_AGE_DAYS old; the server's
   * time when absent.
   */
  soldAt: z.iso
    .datetime({ offset: true, error: 'soldAt must be an ISO-8601 time such as 2026-01-31T10:32:56Z' })
    .optional(),
  /** The rate the counter converted a second-currency tender with; the store's current rate when absent. */
  rate: SaleRateInputSchema.optional(),
  /** The customer the sale is for (their points are earned at completion). */
  customerId: z.string().min(1).max(64).optional(),
  /** Points the customer uses as a discount (needs `customerId`, loyalty on, DISCOUNT). */
  pointsRedeemed: z
    .number({ error: 'Points must be a whole number' })
    .int('Points must be a whole number')
    .min(0, 'Points must not be negative')
    .max(MAX_POINTS, `Points must be at most ${MAX_POINTS}`)
    .optional(),
  /**
   * The device made this sale offline (its queue sends it later): points it redeemed past the
   * balance the server holds are kept, not refused, and listed in the exceptions report.
   */
  offline: z.boolean().optional(),
  ...tillActors,
};

/**
 * One of `payments` or `payment`. A completed sale without either is a sale with nothing due; one
 * with something due is answered 400 PAYMENT_SHORT.
 */
function withPaymentRules<T extends z.ZodType<{ status: string; payments?: unknown; payment?: unknown }>>(schema: T) {
  return schema.refine((b) => !(b.payments && b.payment), {
    message: 'Give payments or payment, not both',
    path: ['payment'],
  });
}

/**
 * `POST /shop/transaction`. `payments` (or one `payment`) is required to complete a sale and not
 * taken for a parked cart. The same `clientId` again answers the first result and writes nothing.
 */
export const CreateTransactionBodySchema = withPaymentRules(z.object({ clientId: clientIdSchema, ...saleContent }));
export type CreateTransactionBody = z.input<typeof CreateTransactionBodySchema>;

/**
 * `PUT /shop/transaction/{code}`: replaces a parked cart's contents, or completes it with its
 * payment. Completing needs a `clientId` made for that completion: the same completion again
 * answers the first result, a different one (another device, another body) `409`.
 */
export const UpdateTransactionBodySchema = withPaymentRules(
  z.object({ clientId: clientIdSchema.optional(), ...saleContent }),
).refine((b) => b.status !== 'COMPLETED' || b.clientId !== undefined, {
  message: 'Completing a held sale needs a clientId made by the device',
  path: ['clientId'],
});
export type UpdateTransactionBody = z.input<typeof UpdateTransactionBodySchema>;

/** `POST /shop/transaction/{code}/refund`: no body refunds what remains; `lines` refunds part. */
export const RefundBodySchema = z.object({
  clientId: clientIdSchema,
  lines: z
    .array(
      z.object({
        lineId: z.string().min(1).max(64),
        /** Units, or thousandths of a measured line's unit; never more than remain to refund. */
        quantity: z.number().int('Quantity must be a whole number').min(1).max(MAX_MEASURED_QUANTITY),
      }),
    )
    .min(1)
    .max(MAX_SALE_LINES)
    .optional(),
  /** false: the goods do not go back on the shelf (damaged). */
  restock: z.boolean().optional(),
  /**
   * Pays the refund into the sale's customer's store credit instead of money (needs a customer on
   * the sale). What the sale took from gift cards or store credit goes back to them first either way.
   */
  toStoreCredit: z.boolean().optional(),
  /**
   * How the money goes back; by default in the main currency, cash if the sale took cash, else its
   * first method. What the sale took from gift cards or store credit always goes back to them (never
   * cash): these tenders cover the rest only, and none of them is STORED_VALUE.
   */
  tenders: z
    .array(
      z.object({
        method: z.enum(TENDER_METHODS).exclude(['STORED_VALUE']),
        currency: currencySchema,
        amount: amountSchema.min(1),
        ...namedTenderFields,
      }),
    )
    .min(1)
    .max(10)
    .optional(),
  note: singleLineText({ label: 'Note', max: 200 }).optional(),
  ...tillActors,
});
export type RefundBody = z.input<typeof RefundBodySchema>;

export const TransactionLineSchema = z.object({
  id: z.string(),
  /** Null for an open-price line, or when the product was deleted since. */
  productId: z.string().nullable(),
  code: z.string().nullable(),
  name: z.string(),
  unitPrice: z.number().int(),
  quantity: z.number().int(),
  refundedQuantity: z.number().int(),
  lineDiscount: z.number().int(),
  cartDiscount: z.number().int(),
  net: z.number().int(),
  tax: z.number().int(),
  taxRate: z.number().int(),
  total: z.number().int(),
  /** EACH, or the measured unit whose thousandths `quantity` and `refundedQuantity` count. */
  unit: z.enum(PRODUCT_UNITS).default('EACH'),
  /** The price of a price-embedded label, which is what the line costs; null otherwise. */
  labelPrice: z.number().int().nullable().default(null),
  /** The price is not the catalogue's, as the server decided (a held cart reopened keeps asking for it). */
  priceOverride: z.boolean().default(false),
  /** The product's price in effect at the sale's time; null for an open-price line or an older sale. */
  cataloguePrice: z.number().int().nullable().default(null),
  /** The price-embedded label the line's price was read from; null otherwise. */
  label: z.string().nullable().default(null),
  /** The line's share of the redeemed points' discount (minor units). */
  pointsDiscount: z.number().int().optional(),
  /** A gift card line: the card's code (active once the sale completed; a held cart's may have none yet). */
  giftCardCode: z.string().nullable().optional(),
  /** A line that sells a gift card (a held cart's too, before its card is numbered). */
  giftCard: z.boolean().optional(),
});
export type TransactionLine = z.infer<typeof TransactionLineSchema>;

export const TenderSchema = z.object({
  method: z.enum(TENDER_METHODS),
  currency: currencySchema,
  amount: z.number().int(),
  /** Main minor units this tender paid (or gave back, for a refund). */
  applied: z.number().int(),
  /** Change from this tender, in its own currency. */
  change: z.number().int(),
  changeInMain: z.number().int(),
  /**
   * The currency the change was handed back in: the tender's own (then `change` was given) or the
   * main one (then `changeInMain` was given). The shift's drawer books it there.
   */
  changeCurrency: currencySchema,
  /**
   * The store's method as it was when the tender was made (its id, name and kind): a rename or a
   * method taken off the list later leaves the sale as it was. A tender stored before named
   * tenders has its fixed method's id (CASH, CARD or OTHER) and no name. Optional for what a
   * device kept from an older server: read them through `tenderLabel`.
   */
  methodId: z.string().optional(),
  methodName: z.string().nullable().optional(),
  methodDefaultName: z.enum(DEFAULT_PAYMENT_METHODS).nullable().optional(),
  methodKind: z.enum(PAYMENT_METHOD_KINDS).optional(),
  reference: z.string().nullable().optional(),
  /** A STORED_VALUE tender's card code, and the card's balance after it. */
  cardCode: z.string().nullable().optional(),
  cardBalance: z.number().int().nullable().optional(),
});
export type Tender = z.infer<typeof TenderSchema>;

/** A tender's method as it was paid (its snapshot), also for a tender stored before named tenders. */
export function tenderLabel(
  tender: Pick<Tender, 'method' | 'methodId' | 'methodName' | 'methodDefaultName' | 'methodKind'>,
): PaymentMethodLabel {
  if (tender.methodId === undefined || tender.methodKind === undefined) return paymentMethodLabel(tender.method, []);
  return {
    methodId: tender.methodId,
    name: tender.methodName ?? null,
    defaultName: tender.methodDefaultName ?? null,
    kind: tender.methodKind,
  };
}

export const TaxBucketSchema = z.object({ rate: z.number().int(), base: z.number().int(), tax: z.number().int() });

export const RefundSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  restock: z.boolean(),
  amount: z.number().int(),
  tax: z.number().int(),
  lines: z.array(
    z.object({
      lineId: z.string(),
      quantity: z.number().int(),
      amount: z.number().int(),
      /** The tax in `amount`, as stored when the refund was priced (a return receipt sums it per rate). */
      tax: z.number().int(),
      /** Units put back in stock: 0 without restock, or when the line's product was deleted since the sale. */
      restocked: z.number().int(),
    }),
  ),
  tenders: z.array(TenderSchema),
  note: z.string(),
  /** Who refunded, and who approved it on a till (null: nobody needed to). */
  userId: z.string().optional(),
  approvedBy: z.string().nullable().optional(),
  /** Points taken back of what the refunded lines earned, and given back of what they used. */
  pointsReversed: z.number().int().optional(),
  pointsReturned: z.number().int().optional(),
  /** The refund paid into the customer's store credit (its tender names the credit's code). */
  toStoreCredit: z.boolean().optional(),
});
export type Refund = z.infer<typeof RefundSchema>;

export const ShopTransactionSchema = z.object({
  id: z.string(),
  /** 12 characters of Crockford base32: the key to the public receipt. */
  code: z.string(),
  clientId: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  /** The device's time of the sale; createdAt is when the server stored it. */
  soldAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
  currency: currencySchema,
  secondCurrency: currencySchema.nullable(),
  /** The main → second rate the sale used, with its date and source; null without a second-currency tender. */
  rate: ExchangeRateSchema.nullable(),
  taxMode: z.enum(TAX_MODES),
  /**
   * How this sale's tax was computed and rounded: its own, not the store's current setting, so a
   * refund (priceRefund) follows it. Absent from servers that predate the setting.
   */
  taxCalculation: z.enum(TAX_CALCULATIONS).optional(),
  taxRounding: z.enum(TAX_ROUNDINGS).optional(),
  /**
   * The store's tax registration number when the sale was made (a yen store's makes the receipt a
   * qualified simplified invoice): the sale's own, so a receipt reopened years later says what it
   * said that day. Null: the store had none. Absent from servers that predate it.
   */
  taxRegistrationNumber: z.string().nullable().optional(),
  lines: z.array(TransactionLineSchema),
  discount: DiscountSchema.nullable(),
  gross: z.number().int(),
  lineDiscounts: z.number().int(),
  cartDiscount: z.number().int(),
  /** The customer, as at the sale (null: none, or anonymised since); absent from older servers. */
  customer: SaleCustomerSchema.nullable().optional(),
  /** The sale's points (null without a customer); the discount is inside the lines' net. */
  points: SalePointsSchema.nullable().optional(),
  taxes: z.array(TaxBucketSchema),
  tax: z.number().int(),
  total: z.number().int(),
  /** Cash rounding applied: due − total. */
  rounding: z.number().int(),
  due: z.number().int(),
  payments: z.array(TenderSchema),
  changeInMain: z.number().int(),
  refunds: z.array(RefundSchema),
  refundedAmount: z.number().int(),
  note: z.string(),
  /** Who sold it (on a till, the member unlocked there), and who approved what they lacked. */
  userId: z.string().optional(),
  approvedBy: z.string().nullable().optional(),
  /**
   * Who rang the sale up: their name as their account has it now (a member removed from the store
   * keeps it). Sent by the sale's detail (GET /shop/transaction/{code}) and the held carts' list
   * (who holds each cart); absent elsewhere.
   */
  servedBy: z.object({ userId: z.string(), name: z.string() }).nullable().optional(),
});
export type ShopTransaction = z.infer<typeof ShopTransactionSchema>;

/**
 * `POST /shop/transaction/{code}/void`: a held cart thrown away (VOID_PARKED). On a till, the member
 * unlocked there and the member whose PIN approved it when they lack the permission.
 */
export const VoidParkedBodySchema = z.object({ ...tillActors }).strict();
export type VoidParkedBody = z.infer<typeof VoidParkedBodySchema>;

export const TransactionCodeParamsSchema = z.object({
  code: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{12}$/i, 'Not a transaction code'),
});

/** What a transaction list shows of each sale. */
export const TransactionSummarySchema = ShopTransactionSchema.pick({
  id: true,
  code: true,
  status: true,
  soldAt: true,
  createdAt: true,
  completedAt: true,
  currency: true,
  total: true,
  due: true,
  refundedAmount: true,
}).extend({ itemCount: z.number().int(), methods: z.array(z.enum(TENDER_METHODS)), firstItems: z.string() });
export type TransactionSummary = z.infer<typeof TransactionSummarySchema>;
export const TransactionWindowSchema = windowSchema(TransactionSummarySchema);
export type TransactionWindow = z.infer<typeof TransactionWindowSchema>;

const listFilters = {
  page: z
    .string()
    .regex(/^\d{1,9}$/, 'Page must be a whole number in digits')
    .transform(Number)
    .optional(),
  size: z
    .string()
    .regex(/^\d{1,3}$/, 'Size must be a whole number in digits')
    .transform(Number)
    .pipe(z.number().min(1, 'Size is 1 to 100').max(100, 'Size is 1 to 100'))
    .optional(),
  status: z.enum(TRANSACTION_STATUSES).optional(),
  /**
   * Only the sales with a tender of this payment method of the store (its id, as in
   * `/payment-methods`; a tender stored before named tenders counts under its fixed method's id,
   * CASH, CARD or OTHER). An id the store never had matches nothing.
   */
  method: paymentMethodIdSchema.optional(),
  q: singleLineText({ label: 'Search', max: 100 }).optional(),
  /**
   * Only the sales this member made (their user id). It narrows, never widens: a member without
   * REPORTS naming anyone but themself sees nothing.
   */
  member: z.uuid({ error: "member must be a member's user id" }).optional(),
  /** The earlier name of `member`, still read so older links keep working; both at once must agree. */
  userId: z.uuid({ error: "userId must be a member's user id" }).optional(),
};
const sameMember = (q: { member?: string | undefined; userId?: string | undefined }) =>
  q.member === undefined || q.userId === undefined || q.member === q.userId;
const ONE_MEMBER = { message: 'member and userId name different members: send member only', path: ['member'] };
export const TransactionsByMonthQuerySchema = z
  .object({
    month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Must be a month such as 2026-01'),
    ...listFilters,
  })
  .refine(sameMember, ONE_MEMBER);
export const TransactionsByDateQuerySchema = z
  .object({
    from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date such as 2026-01-31'),
    to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date such as 2026-01-31'),
    ...listFilters,
  })
  .refine(sameMember, ONE_MEMBER);
