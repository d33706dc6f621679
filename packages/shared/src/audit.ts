import { z } from 'zod';
import { windowSchema } from './products.ts';

/**
 * The store's audit log (product.md §2, §4 AuditEvent): who did what and when. Each write that is
 * not already a row naming its author records one event in the same transaction; sales are read
 * from the sales themselves (they carry their cashier), so the log lists them too.
 */
export const AUDIT_ACTIONS = [
  'SALE',
  'REFUND',
  'PRODUCT_CREATE',
  'PRODUCT_EDIT',
  'PRODUCT_DELETE',
  'PRODUCT_IMPORT',
  'STOCK_ADJUST',
  'CARGO_CREATE',
  'CARGO_EDIT',
  'CARGO_DELETE',
  'CARGO_COUNT',
  'CARGO_ARRIVE',
  'CARGO_TRANSFER',
  'CARGO_RECEIVE',
  'SHIFT_OPEN',
  'SHIFT_CLOSE',
  'CASH_MOVE',
  'STORE_EDIT',
  'SALE_SETTINGS',
  'RECEIPT_TEMPLATE',
  'MEMBER_INVITE',
  'MEMBER_EDIT',
  'MEMBER_REMOVE',
  /** A member's till PIN set (their own, or another's by MEMBERS): who set whose, never the PIN. */
  'MEMBER_PIN',
  /** The cash drawer opened without a sale ("No sale"), under the shift open then. */
  'NO_SALE',
  /** A held cart thrown away: its code, total and lines stay in the log. */
  'VOID_PARKED',
  /** An open invitation withdrawn before it was accepted (entityCode: the address, summary: its role). */
  'INVITATION_REVOKE',
  /** The payment methods (tenders): one event per method added, changed or taken off the list. */
  'PAYMENT_METHOD_CREATE',
  'PAYMENT_METHOD_EDIT',
  'PAYMENT_METHOD_DELETE',
  /** The barcode rules replaced (summary: the rules' prefixes in order, comma-separated). */
  'BARCODE_RULES',
  /** The till's lock settings (summary: "lockAfterSale idleLockMinutes", as 1/0 and minutes). */
  'TILL_SETTINGS',
  /** The manual exchange rate set ("USD JPY 150.25") or cleared ("USD JPY"). */
  'EXCHANGE_RATE',
  /** The receipt logo removed. */
  'RECEIPT_LOGO_DELETE',
  /** A device turned into the store's till (summary: the till's name). */
  'TILL_CREATE',
  /** A till revoked by the owner or a manager, or left on the till with a SETTINGS member's PIN (summary: its name). */
  'TILL_REVOKE',
  /** A customer anonymised (entityCode: the member code; their sales kept, unlinked). */
  'CUSTOMER_DELETE',
  /** A batch of a customer CSV import (summary: created/updated/unchanged/refused). */
  'CUSTOMER_IMPORT',
  /** The customer list exported as CSV (personal data leaving the app). */
  'CUSTOMER_EXPORT',
  /** The owner's points adjustment (entityCode: the member code, summary: signed points and the reason). */
  'POINTS_ADJUST',
  /** The loyalty settings (summary: "enabled earnRate pointValue minRedeem expiryMonths"). */
  'LOYALTY_SETTINGS',
  /** A gift card or store credit blocked or unblocked (entityCode: the card's code, summary: the reason). */
  'CARD_BLOCK',
  'CARD_UNBLOCK',
  /** The owner's adjustment of a card's balance (entityCode: the code, summary: signed amount and the reason; amount). */
  'CARD_ADJUST',
  /** The stored-value settings (summary: "expireAfterSixMonths" as 1/0). */
  'STORED_VALUE_SETTINGS',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITIES = [
  'SALE',
  'REFUND',
  'PRODUCT',
  'CARGO',
  'SHIFT',
  'STORE',
  'MEMBER',
  /** entityCode: the method's id (a default method's is its default name, such as CARD). */
  'PAYMENT_METHOD',
  /** entityCode: the member code. */
  'CUSTOMER',
  /** A gift card or store credit; entityCode: its code. */
  'CARD',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AuditEventSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  at: z.string(),
  userId: z.string(),
  /** The user's name (their email when they have none); null when the account was deleted. */
  userName: z.string().nullable(),
  /** The member whose PIN approved the action on a till, or null. */
  approvedBy: z.string().nullable(),
  approvedByName: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.enum(AUDIT_ENTITIES),
  /** The product's barcode, the cargo's code, the receipt code...; '' when the entity has none. */
  entityCode: z.string(),
  summary: z.string(),
  /** Money the event moved (a sale's total, a refund, a cash move), minor units of the main currency. */
  amount: z.number().int().nullable(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditWindowSchema = windowSchema(AuditEventSchema);
export type AuditWindow = z.infer<typeof AuditWindowSchema>;

const dateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date such as 2026-01-31');

/** `?userId&action&from&to`: from and to are days in the store's timezone, both included. */
export const AuditQuerySchema = z.object({
  userId: z.uuid({ error: 'userId must be a user id' }).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: 'Not an audit action' }).optional(),
  from: dateText.optional(),
  to: dateText.optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** Everyone who appears in the store's log or is a member now, for the log's member filter. */
export const AuditPersonSchema = z.object({ userId: z.string(), name: z.string() });
export const AuditPeopleSchema = z.array(AuditPersonSchema);
export type AuditPerson = z.infer<typeof AuditPersonSchema>;

/** `GET /shop/statistic/by-member?from&to`: a period's (store days, both included) figures per member. */
export const StaffReportQuerySchema = z.object({ from: dateText, to: dateText });
export const StaffFiguresSchema = z.object({
  userId: z.string(),
  /** The user's name (their email when they have none); '' for a deleted account. */
  name: z.string(),
  salesCount: z.number().int(),
  salesTotal: z.number().int(),
  refundsCount: z.number().int(),
  refundsTotal: z.number().int(),
  /** Line and cart discounts their sales gave, minor units of the main currency. */
  discountsTotal: z.number().int(),
  /** Their sales and refunds that another member approved (a PIN on the till: what they lacked). */
  approvalsReceived: z.number().int(),
  /** Sales and refunds of other members that they approved. */
  approvalsGiven: z.number().int(),
  /** Their sales that redeemed a customer's points (issue 42): how many, the points and the discount they gave. */
  pointsRedemptions: z.number().int(),
  pointsRedeemed: z.number().int(),
  pointsDiscount: z.number().int(),
});
export const StaffReportSchema = z.array(StaffFiguresSchema);
export type StaffFigures = z.infer<typeof StaffFiguresSchema>;
