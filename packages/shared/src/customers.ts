import { z } from 'zod';
import { windowSchema } from './products.ts';
import { singleLineText } from './validation.ts';

/**
 * Customers of a store (product.md §4 Customer, §5 "Customers and points", §6). Full records
 * (phone, email, note, totals) go to members with REPORTS; anyone who sells sees the counter's
 * view (`CustomerAtCounter`): enough to pick the right person and show their points.
 */

/** The bound of any points figure: a balance, an entry, a redemption. */
export const MAX_POINTS = 1_000_000_000;

/** Free plan: customers per store (modules/plans, `FREE_CUSTOMER_LIMIT`). */
export const FREE_CUSTOMER_LIMIT_DEFAULT = 200;

const phoneSchema = singleLineText({ label: 'Phone', max: 30 }).refine(
  (v) => v === '' || /\d/.test(v.normalize('NFKC')),
  {
    message: 'Phone must contain digits',
  },
);

const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Email is too long')
  .refine((v) => v === '' || z.email().safeParse(v).success, { message: 'Enter a valid email address' });

/** What a person types for a customer: all optional but a name or a phone (a walk-in gives one). */
const customerFields = {
  name: singleLineText({ label: 'Name', max: 80 }).default(''),
  nameKana: singleLineText({ label: 'Furigana', max: 80 }).default(''),
  phone: phoneSchema.default(''),
  email: optionalEmail.default(''),
  note: singleLineText({ label: 'Note', max: 500 }).default(''),
  marketingConsent: z.boolean().default(false),
};

function nameOrPhone<T extends z.ZodType<{ name: string; phone: string }>>(schema: T) {
  return schema.refine((c) => c.name.length > 0 || c.phone.length > 0, {
    message: 'Give a name or a phone number',
    path: ['name'],
  });
}

/**
 * `POST /customer`. A `clientId` (made by the device) makes it safe to repeat: the counter creates
 * customers offline and syncs them; the same clientId with the same body answers the first
 * customer (200), with another body 409 CLIENT_ID_REUSED.
 */
export const CreateCustomerBodySchema = nameOrPhone(
  z.object({ clientId: z.uuid({ error: 'clientId must be a UUID made by the device' }).optional(), ...customerFields }),
);
export type CreateCustomerBody = z.input<typeof CreateCustomerBodySchema>;

/** `PUT /customer/{id}`: the whole editable record. */
export const UpdateCustomerBodySchema = nameOrPhone(z.object(customerFields));
export type UpdateCustomerBody = z.input<typeof UpdateCustomerBodySchema>;

export const CustomerSchema = z.object({
  id: z.string(),
  /** Member number: "M" and 10 digits, printed as a barcode on the card. */
  code: z.string(),
  name: z.string(),
  nameKana: z.string(),
  /** As typed. */
  phone: z.string(),
  email: z.string(),
  note: z.string(),
  marketingConsent: z.boolean(),
  pointsBalance: z.number().int(),
  visits: z.number().int(),
  /** Minor units of the main currency: completed sales less refunds. */
  totalSpent: z.number().int(),
  lastVisitAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Customer = z.infer<typeof CustomerSchema>;

/**
 * The counter's view of a customer, for anyone who sells: name, furigana, member code, the last
 * four phone digits, points. Search answers this shape to a member without REPORTS.
 */
export const CustomerAtCounterSchema = CustomerSchema.pick({
  id: true,
  code: true,
  name: true,
  nameKana: true,
  pointsBalance: true,
}).extend({ phoneLast4: z.string() });
export type CustomerAtCounter = z.infer<typeof CustomerAtCounterSchema>;

export const CustomerIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const CustomerCodeParamsSchema = z.object({ code: z.string().min(1).max(32) });

/** `GET /customer/search/window/{page}/{size}?q=`: name, furigana, phone digits, code, email. */
export const CustomerSearchQuerySchema = z.object({
  q: z.string().max(80).default(''),
  /** `name` (default, by name), `recent` (last visit first), `spent` (total spent first). */
  sort: z.enum(['name', 'recent', 'spent']).default('name'),
});
export const CustomerWindowSchema = windowSchema(CustomerSchema);
export type CustomerWindow = z.infer<typeof CustomerWindowSchema>;
/** The same window for a member without REPORTS (the counter's search). */
export const CustomerCounterWindowSchema = windowSchema(CustomerAtCounterSchema);
/** What the search route answers: full records with REPORTS, the counter's view otherwise. */
export const CustomerSearchWindowSchema = z.union([CustomerWindowSchema, CustomerCounterWindowSchema]);

export const LOYALTY_ENTRY_KINDS = ['EARN', 'REDEEM', 'REVERSE', 'ADJUST', 'EXPIRE'] as const;
export type LoyaltyEntryKind = (typeof LOYALTY_ENTRY_KINDS)[number];

export const LoyaltyEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(LOYALTY_ENTRY_KINDS),
  /** Signed: earned and returned points are positive, redeemed, reversed and expired negative. */
  points: z.number().int(),
  /** The sale's receipt code (EARN, REDEEM, REVERSE); null for ADJUST and EXPIRE. */
  saleCode: z.string().nullable(),
  /** The adjustment's reason; '' for others. */
  note: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  at: z.string(),
});
export type LoyaltyEntry = z.infer<typeof LoyaltyEntrySchema>;

/** One line of a customer's history, newest first: a sale (its summary) or a points entry. */
export const CustomerHistoryItemSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('SALE'),
    at: z.string(),
    code: z.string(),
    status: z.string(),
    total: z.number().int(),
    refundedAmount: z.number().int(),
    itemCount: z.number().int(),
    firstItems: z.string(),
  }),
  z.object({ type: z.literal('POINTS'), at: z.string(), entry: LoyaltyEntrySchema }),
]);
export const CustomerHistoryWindowSchema = windowSchema(CustomerHistoryItemSchema);
export type CustomerHistoryWindow = z.infer<typeof CustomerHistoryWindowSchema>;

/** `POST /customer/{id}/points`: the owner's manual adjustment, with its reason (audited). */
export const AdjustPointsBodySchema = z.object({
  points: z
    .number()
    .int('Points must be a whole number')
    .min(-MAX_POINTS)
    .max(MAX_POINTS)
    .refine((p) => p !== 0, 'Points must not be zero'),
  reason: singleLineText({ label: 'Reason', min: 1, max: 200 }),
});
export type AdjustPointsBody = z.input<typeof AdjustPointsBodySchema>;

/** `GET, PUT /virtual-store/{urlName}/loyalty` (SETTINGS to change; off by default). */
export const LoyaltySettingsSchema = z.object({
  enabled: z.boolean(),
  /** Points per amount paid, in basis points of minor units: 100 = 1 point per 100 minor units. */
  earnRate: z.number().int().min(0).max(10_000),
  /** What one point takes off, in minor units of the main currency. */
  pointValue: z.number().int().min(1).max(1_000_000),
  /** The fewest points a redemption may use; 0 = any. */
  minRedeem: z.number().int().min(0).max(MAX_POINTS),
  /** Points expire after this many months without a visit; null = never. */
  expiryMonths: z.number().int().min(1).max(120).nullable(),
});
export type LoyaltySettings = z.infer<typeof LoyaltySettingsSchema>;
export const DEFAULT_LOYALTY: LoyaltySettings = {
  enabled: false,
  earnRate: 100,
  pointValue: 1,
  minRedeem: 0,
  expiryMonths: null,
};

/** A sale's customer as the sale shows it (receipts, lists): kept with the sale. */
export const SaleCustomerSchema = z.object({ id: z.string(), code: z.string(), name: z.string() });
export type SaleCustomer = z.infer<typeof SaleCustomerSchema>;

/**
 * A sale's points: earned at completion, redeemed as its discount, the customer's balance right
 * after the sale (what the receipt prints).
 */
export const SalePointsSchema = z.object({
  earned: z.number().int(),
  redeemed: z.number().int(),
  balance: z.number().int(),
  /** Minor units the redeemed points took off the sale. */
  discount: z.number().int(),
});
export type SalePoints = z.infer<typeof SalePointsSchema>;
