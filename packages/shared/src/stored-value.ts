import { z } from 'zod';
import type { CurrencyCode } from './currencies.ts';
import { windowSchema } from './products.ts';
import { normalizeCardCode } from './card-codes.ts';
import { singleLineText } from './validation.ts';

/**
 * Gift cards and store credit (product.md §4 StoredValueAccount, StoredValueEntry; §5 "Gift cards
 * and store credit"; §6). One ledger for both: an account's `balance` is always the sum of its
 * entries. A gift card is sold as a sale line and active once the sale completes; store credit is a
 * customer's, paid in by a refund. Either is spent as a STORED_VALUE tender naming the account's
 * code, online only, never giving change, with a guarded decrement in the sale's own write.
 */

export const STORED_VALUE_KINDS = ['GIFT_CARD', 'STORE_CREDIT'] as const;
export type StoredValueKind = (typeof STORED_VALUE_KINDS)[number];

export const STORED_VALUE_STATUSES = ['ACTIVE', 'BLOCKED'] as const;
export type StoredValueStatus = (typeof STORED_VALUE_STATUSES)[number];

/**
 * ISSUE: a card sold (its first value). LOAD: value added to an existing card by a later sale.
 * REDEEM: spent as a tender (negative). REFUND: a refund giving money back to the account (or, negative,
 * taking back a card sold by the refunded sale). ADJUST: the owner's correction, with a reason.
 * EXPIRE: what was left on its expiry date (negative). BLOCK and UNBLOCK move no money (amount 0).
 */
export const STORED_VALUE_ENTRY_KINDS = [
  'ISSUE',
  'LOAD',
  'REDEEM',
  'REFUND',
  'ADJUST',
  'EXPIRE',
  'BLOCK',
  'UNBLOCK',
] as const;
export type StoredValueEntryKind = (typeof STORED_VALUE_ENTRY_KINDS)[number];

/** The largest value one card or credit holds, and the largest card sold at once: 10^10 minor units. */
export const MAX_STORED_VALUE = 10_000_000_000;

export const cardCodeSchema = z
  .string()
  .max(64, 'A card code has at most 32 letters and digits')
  .transform(normalizeCardCode)
  .pipe(z.string().regex(/^[0-9A-Z]{8,32}$/, 'A card code is 8 to 32 letters and digits'));

const storedValueAmount = z
  .number({ error: 'Must be a whole number of minor units' })
  .int('Must be a whole number of minor units')
  .min(1, 'Must be more than zero')
  .max(MAX_STORED_VALUE, 'Amount is too large');

/** A sale line selling a gift card (not taxable, not discountable, earns no points). */
export const GiftCardLineSchema = z.object({
  amount: storedValueAmount,
  /** A pre-printed card's code, scanned at the counter; absent: the server makes one. */
  code: cardCodeSchema.optional(),
});
export type GiftCardLine = z.infer<typeof GiftCardLineSchema>;

export const StoredValueAccountSchema = z.object({
  id: z.string(),
  kind: z.enum(STORED_VALUE_KINDS),
  code: z.string(),
  /** Store credit always has one; a gift card none. */
  customer: z.object({ id: z.string(), code: z.string(), name: z.string() }).nullable(),
  currency: z.string(),
  balance: z.number().int(),
  /** What was first put on it: a card's face value, or the first store credit. */
  issued: z.number().int(),
  /**
   * The last business date (YYYY-MM-DD, the store's timezone) the card can be spent; null: never
   * expires. After it the card is refused and its balance moves to an EXPIRE entry.
   */
  expiresAt: z.string().nullable(),
  status: z.enum(STORED_VALUE_STATUSES),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type StoredValueAccount = z.infer<typeof StoredValueAccountSchema>;

export const StoredValueEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(STORED_VALUE_ENTRY_KINDS),
  /** Signed minor units. */
  amount: z.number().int(),
  /** The balance after this entry. */
  balanceAfter: z.number().int(),
  /** The sale (its code) that sold, loaded or spent it; null otherwise. */
  saleCode: z.string().nullable(),
  refundId: z.string().nullable(),
  /** Who did it (the seller, the owner adjusting); null for the expiry job. */
  userName: z.string().nullable(),
  note: z.string(),
  at: z.string(),
});
export type StoredValueEntry = z.infer<typeof StoredValueEntrySchema>;

/**
 * `GET /stored-value/code/{code}`: the account and its entries, newest first (up to 200). The code
 * may also be a customer's member code: their store credit. A member who sells but lacks REPORTS
 * (the counter taking a card) gets the account without its customer and no entries.
 */
export const StoredValueDetailSchema = z.object({
  account: StoredValueAccountSchema,
  entries: z.array(StoredValueEntrySchema),
});
export type StoredValueDetail = z.infer<typeof StoredValueDetailSchema>;

/** `GET /stored-value/customer/{customerId}`: a customer's store credit (null until a refund paid into it). */
export const CustomerStoredValueSchema = z.object({
  account: StoredValueAccountSchema.nullable(),
  entries: z.array(StoredValueEntrySchema),
});
export type CustomerStoredValue = z.infer<typeof CustomerStoredValueSchema>;

/**
 * What the counter needs to take a card as a tender (`GET /stored-value/code/{code}` for a member
 * who sells but lacks REPORTS answers this much): whether it can pay, and how much.
 */
export const StoredValueAtCounterSchema = StoredValueAccountSchema.pick({
  kind: true,
  code: true,
  currency: true,
  balance: true,
  expiresAt: true,
  status: true,
});
export type StoredValueAtCounter = z.infer<typeof StoredValueAtCounterSchema>;

/** `POST /stored-value/code/{code}/block`: block (a lost card) or unblock it; audited. */
export const BlockCardBodySchema = z.object({
  blocked: z.boolean(),
  reason: singleLineText({ label: 'Reason', min: 1, max: 200 }),
});
export type BlockCardBody = z.input<typeof BlockCardBodySchema>;

/**
 * `POST /stored-value/code/{code}/adjust`: the owner's correction, signed, with a reason; never
 * below zero. A clientId makes a retry write once (same body: the first result; another: 409).
 */
export const AdjustCardBodySchema = z.object({
  clientId: z.uuid({ error: 'clientId must be a UUID made by the device' }),
  amount: z
    .number({ error: 'Must be a whole number of minor units' })
    .int('Must be a whole number of minor units')
    .min(-MAX_STORED_VALUE, 'Amount is too large')
    .max(MAX_STORED_VALUE, 'Amount is too large')
    .refine((n) => n !== 0, 'An adjustment is not zero'),
  reason: singleLineText({ label: 'Reason', min: 1, max: 200 }),
});
export type AdjustCardBody = z.input<typeof AdjustCardBodySchema>;

/** `GET /stored-value/search/window/{page}/{size}?q=&kind=&status=`: q finds a code, a customer's name, phone or code. */
export const StoredValueFilterSchema = z.object({
  q: z.string().trim().max(80).optional(),
  kind: z.enum(STORED_VALUE_KINDS).optional(),
  /** ACTIVE, BLOCKED, or EXPIRED (past expiresAt) and EMPTY (balance 0), as the list shows them. */
  status: z.enum(['ACTIVE', 'BLOCKED', 'EXPIRED', 'EMPTY']).optional(),
});
export type StoredValueFilter = z.infer<typeof StoredValueFilterSchema>;

export const StoredValueWindowSchema = windowSchema(StoredValueAccountSchema);
export type StoredValueWindow = z.infer<typeof StoredValueWindowSchema>;

/**
 * The store's stored-value settings (`GET, PUT /virtual-store/{urlName}/stored-value`). Japan's
 * Payment Services Act (資金決済法) leaves a self-issued card valid for at most 6 months outside its
 * notification duty: `expireAfterSixMonths` is on by default for a yen store. What cards and
 * receipts print (§5): the issuer (the store's name), the amount, the expiry, where it is usable,
 * a contact and how to check the balance.
 */
export const StoredValueSettingsSchema = z.object({
  expireAfterSixMonths: z.boolean(),
  /** Where the card can be used; empty: "At {store name}". */
  usableAt: singleLineText({ label: 'Where usable', max: 120 }),
  /** Who to ask (a phone or an email); empty: the store's phone. */
  contact: singleLineText({ label: 'Contact', max: 120 }),
});
export type StoredValueSettings = z.infer<typeof StoredValueSettingsSchema>;

/** The unused balance above which a Japanese issuer must notify (資金決済法): ¥10,000,000 at a reference date. */
export const JAPAN_NOTIFICATION_THRESHOLD = 10_000_000;
/** The liability screen warns from this share of the threshold (basis points). */
export const JAPAN_WARNING_BP = 8_000;

/** The reference dates of the Act: 31 March and 30 September. */
export function referenceDates(fromYear: number, toYear: number): string[] {
  const dates: string[] = [];
  for (let y = fromYear; y <= toYear; y += 1) dates.push(`${y}-03-31`, `${y}-09-30`);
  return dates;
}

const liabilityFigures = z.object({
  /** Accounts with a balance above zero. */
  count: z.number().int(),
  balance: z.number().int(),
});

/** `GET /stored-value/liability?at=YYYY-MM-DD`: unused balances at the end of that day, in the store's timezone. */
export const StoredValueLiabilitySchema = z.object({
  at: z.string(),
  currency: z.string(),
  giftCards: liabilityFigures,
  storeCredit: liabilityFigures,
  /** Both kinds. */
  total: z.number().int(),
  /** What the Act counts: `total` less the cards usable for 6 months or less (outside its duty). */
  counted: z.number().int(),
  /** The Act's threshold for a yen store; null elsewhere. */
  threshold: z.number().int().nullable(),
  /** counted / threshold in basis points (0 without a threshold). */
  thresholdBp: z.number().int(),
  /** `counted` at or above JAPAN_WARNING_BP of the threshold. */
  warning: z.boolean(),
  /** The last reference dates up to `at` (newest first): all cards, what the Act counts, and whether that passed the threshold. */
  referenceDates: z.array(
    z.object({ date: z.string(), total: z.number().int(), counted: z.number().int(), overThreshold: z.boolean() }),
  ),
  /** Cards issued with an expiry of 6 months or less are outside the duty; their share of `total`. */
  shortLivedTotal: z.number().int(),
});
export type StoredValueLiability = z.infer<typeof StoredValueLiabilitySchema>;

/** `GET /stored-value/report?from&to`: what moved in the period, and what is outstanding at its end. */
export const StoredValueReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  giftCards: z.object({
    soldCount: z.number().int(),
    sold: z.number().int(),
    redeemed: z.number().int(),
    refunded: z.number().int(),
    adjusted: z.number().int(),
    /** Breakage: balances that expired unused. */
    expired: z.number().int(),
    outstanding: z.number().int(),
  }),
  storeCredit: z.object({
    issued: z.number().int(),
    spent: z.number().int(),
    adjusted: z.number().int(),
    expired: z.number().int(),
    outstanding: z.number().int(),
  }),
});
export type StoredValueReport = z.infer<typeof StoredValueReportSchema>;

/**
 * The last usable date of a card issued on `issuedDate` (a business date) under the six-month
 * rule: six calendar months later less a day (bought 15 May: usable through 14 November), so it
 * never outlives the Act's six months.
 */
export function sixMonthExpiry(issuedDate: string): string {
  const [y, m, d] = issuedDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + 6, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  const expiry = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), day) - 86_400_000);
  return expiry.toISOString().slice(0, 10);
}

/** Whether a yen store's cards fall under the Act's notification duty at all. */
export function notificationApplies(currency: CurrencyCode | string): boolean {
  return currency === 'JPY';
}
