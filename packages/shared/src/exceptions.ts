import { z } from 'zod';

/**
 * The store's exceptions report (issue 41, product.md §2 "Manager approval"): every price override,
 * discount, approval, refund, voided held cart, drawer opening without a sale and cash move of a
 * period, by member, with totals. With REPORTS it covers every member; without it only the
 * caller's own rows (`ownOnly`).
 */
export const EXCEPTION_KINDS = [
  /** A line sold at a price changed by hand (PRICE_OVERRIDE): the price sold, the catalogue's beside it. */
  'OVERRIDE',
  /** A sale with line or cart discounts above 0: their sum. */
  'DISCOUNT',
  /** A sale another member approved with their PIN (what the seller lacked): its total. */
  'APPROVAL',
  'REFUND',
  /** A held cart thrown away (VOID_PARKED): its total. */
  'VOID',
  'NO_SALE',
  /** A pay-in (positive) or pay-out (negative) in the main currency; null amount in the second currency. */
  'CASH_MOVE',
  /** A sale that redeemed points (issue 42): the points and the discount they gave; detail: the customer. */
  'POINTS_REDEEM',
  /** An owner's adjustment of a customer's points: the signed points, no amount; detail: the customer and the reason. */
  'POINTS_ADJUST',
  /**
   * An offline sale that redeemed more points than the customer held when it synced (kept, never
   * refused): the points redeemed and their discount; detail: the customer.
   */
  'POINTS_OVERDRAWN',
  /**
   * An owner's adjustment of a gift card or store credit: the signed amount; detail: the card's
   * last four and the reason.
   */
  'CARD_ADJUST',
  /** A gift card or store credit blocked (or unblocked): no amount; detail: the card's last four and the reason. */
  'CARD_BLOCK',
  'CARD_UNBLOCK',
] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

/** The longest period one report (or its CSV) covers: a year, leap day included. */
export const MAX_EXCEPTION_DAYS = 366;
/** Rows the JSON answer lists, newest first; the totals and the CSV always cover the whole period. */
export const MAX_EXCEPTION_ROWS = 1_000;

const dateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date such as 2026-01-31');

/** `?from&to`: days in the store's time zone, both included, at most MAX_EXCEPTION_DAYS. */
export const ExceptionsQuerySchema = z.object({ from: dateText, to: dateText });
export type ExceptionsQuery = z.infer<typeof ExceptionsQuerySchema>;

export const ExceptionRowSchema = z.object({
  kind: z.enum(EXCEPTION_KINDS),
  /** When it happened (ISO UTC): a sale's completion, a refund's or an event's time. */
  at: z.string(),
  userId: z.string(),
  /** The member's name (their email when they have none); '' for a deleted account. */
  userName: z.string(),
  /** The member whose PIN approved it, when another than `userId`; null otherwise. */
  approvedBy: z.string().nullable(),
  approvedByName: z.string().nullable(),
  /**
   * How the approval was given: ONLINE (a grant the server signed) or OFFLINE (a proof checked at
   * sync). Null when not approved, and on rows recorded before approvals were proven.
   */
  approvalMode: z.enum(['ONLINE', 'OFFLINE']).nullable(),
  /** The till it was done on (its name, kept after it is revoked); null: from a person's own session. */
  tillId: z.string().nullable(),
  tillName: z.string().nullable(),
  /** Minor units of the main currency (see EXCEPTION_KINDS); null when none applies. */
  amount: z.number().int().nullable(),
  /** An override's catalogue price (the product's price at the sale's time); null for other kinds and older lines. */
  cataloguePrice: z.number().int().nullable(),
  /** The sale's code (receipt code) for sale kinds, refunds and voided held carts; null otherwise. */
  saleCode: z.string().nullable(),
  /**
   * The line's name, the sale's first items, a cash move's kind and reason, a drawer opening's
   * reason; for points rows the customer's member code and name (and an adjustment's reason).
   */
  detail: z.string(),
  /** Points rows: the points redeemed, or an adjustment's signed points; null for other kinds. */
  points: z.number().int().nullable(),
});
export type ExceptionRow = z.infer<typeof ExceptionRowSchema>;

export const ExceptionTotalSchema = z.object({
  kind: z.enum(EXCEPTION_KINDS),
  count: z.number().int(),
  /** The sum of the rows' amounts (rows without one left out). */
  amount: z.number().int(),
});
export type ExceptionTotal = z.infer<typeof ExceptionTotalSchema>;

export const ExceptionMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  /** The member's own rows per kind, only kinds they have. */
  kinds: z.array(ExceptionTotalSchema),
  /** Rows of other members this member approved. */
  approvalsGiven: z.number().int(),
});
export type ExceptionMember = z.infer<typeof ExceptionMemberSchema>;

export const ExceptionsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** True when the caller lacks REPORTS: everything here is their own. */
  ownOnly: z.boolean(),
  /** Per kind, in EXCEPTION_KINDS order, every kind listed (0 when none). */
  totals: z.array(ExceptionTotalSchema),
  members: z.array(ExceptionMemberSchema),
  /** Rows per till (rows from a person's own session are under no till), most first. */
  tills: z.array(z.object({ tillId: z.string(), name: z.string(), count: z.number().int() })),
  /** Newest first, at most MAX_EXCEPTION_ROWS; `truncated` when the period has more (the CSV has all). */
  rows: z.array(ExceptionRowSchema),
  truncated: z.boolean(),
});
export type ExceptionsReport = z.infer<typeof ExceptionsReportSchema>;

/** The CSV export's header: one line per row, amounts as decimal text of the main currency. */
export const EXCEPTION_CSV_COLUMNS = [
  'time',
  'kind',
  'member',
  'approved_by',
  'approval',
  'till',
  'amount',
  'catalogue_price',
  'sale_code',
  'detail',
  'points',
] as const;
