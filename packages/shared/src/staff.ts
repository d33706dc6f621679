import { largestDiscountBasisPoints, type SaleDiscountFigures } from './sale-discount-limits.ts';

// No zod here: the shell and the counter read these to show or hide what a member may do, and a
// module that builds schemas would bring zod onto their first screens.

/**
 * What a store member may do (product.md §2). The owner has every one; a MANAGER and a CASHIER
 * start from their role's set, which the owner (or a member with MEMBERS) can change per member.
 */
export const PERMISSIONS = [
  'SELL',
  'DISCOUNT',
  'PRICE_OVERRIDE',
  'OPEN_PRICE',
  'REFUND',
  'VOID_PARKED',
  'NO_SALE',
  'CASH_MOVES',
  'SHIFTS',
  'REPORTS',
  'PRODUCTS',
  'STOCK_TAKE',
  'CARGO',
  'CARGO_RECEIVE',
  'SETTINGS',
  'MEMBERS',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const STAFF_ROLES = ['OWNER', 'MANAGER', 'CASHIER'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The roles an invitation or an edit may give: there is exactly one owner, the store's creator. */
export const MEMBER_ROLES = ['MANAGER', 'CASHIER'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/**
 * A new member's permissions by role. A manager runs the shop but does not manage staff unless the
 * owner adds MEMBERS; a cashier sells, discounts up to their maximum and works shifts: refunds,
 * voids and drawer openings ask for a manager's PIN.
 */
export const ROLE_PERMISSIONS: Record<MemberRole, readonly Permission[]> = {
  MANAGER: PERMISSIONS.filter((p) => p !== 'MEMBERS'),
  CASHIER: ['SELL', 'DISCOUNT', 'SHIFTS'],
};

/** A new member's maximum discount by role, in basis points (10000 = 100%). */
export const ROLE_MAX_DISCOUNT: Record<MemberRole, number> = { MANAGER: 10000, CASHIER: 1000 };

/**
 * What one person may do in one store, as the server decided it and the web app shows it: the
 * owner holds every permission and the largest discount.
 */
export interface StoreRights {
  role: StaffRole;
  permissions: readonly Permission[];
  /** Basis points. */
  maxDiscount: number;
}

export const OWNER_RIGHTS: StoreRights = { role: 'OWNER', permissions: PERMISSIONS, maxDiscount: 10000 };

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

export function hasPermission(rights: StoreRights, permission: Permission): boolean {
  return rights.role === 'OWNER' || rights.permissions.includes(permission);
}

/**
 * Whether a member may see cost prices summed up, as the stock value at cost (issue 41: a cashier's
 * home shows none). REPORTS reads statistics, whose cost and profit are made of them; PRODUCTS
 * sets and exports each product's cost, so hiding their sum from it would hide nothing. A cashier
 * by default has neither.
 */
export function seesCost(rights: StoreRights): boolean {
  return hasPermission(rights, 'REPORTS') || hasPermission(rights, 'PRODUCTS');
}

/**
 * Whether a member sees customers' full records (phone, email, note, totals, history): REPORTS.
 * Anyone who sells sees the counter's view (customers.ts CustomerAtCounter).
 */
export function seesCustomerDetails(rights: StoreRights): boolean {
  return hasPermission(rights, 'REPORTS');
}

/** What one action needs of the member making it (product.md §2, manager approval). */
export interface ActionNeeds {
  permission: Permission;
  /** What the same action needs besides: a sale with a price changed at the counter, an open-price item. */
  also?: readonly Permission[];
  /**
   * The action's largest discount in basis points (sale-discount-limits.ts: each line's of its
   * gross, the cart's of the gross after line discounts): above the member's maximum it needs approval.
   */
  discountBp?: number;
}

/**
 * What `rights` lack of `needs`: the permission itself, and DISCOUNT when the action gives a
 * discount they may not give (none at all, or not this much). One rule for the server, which
 * refuses, and the till, which asks for an approval before it sends.
 */
export function actionLacks(rights: StoreRights, needs: ActionNeeds): Permission[] {
  const lacks = [needs.permission, ...(needs.also ?? [])].filter((p) => !hasPermission(rights, p));
  const discount = needs.discountBp ?? 0;
  const discountLacked = discount > 0 && (!hasPermission(rights, 'DISCOUNT') || discount > rights.maxDiscount);
  if (discountLacked && !lacks.includes('DISCOUNT')) lacks.push('DISCOUNT');
  return lacks;
}

/** The lines of a sale as far as what it needs goes: by product code or open-price, with a price changed by hand. */
interface LineNeeds {
  code?: string | undefined;
  priceOverride?: boolean | undefined;
  /** Present (a sale line's `giftCard`, or true): a gift card sold, which needs SELL alone. */
  giftCard?: unknown;
}

/**
 * What completing a sale needs of the member making it (product.md §2): SELL; PRICE_OVERRIDE when a
 * product's price was changed by hand at the counter; OPEN_PRICE for an open-price item; DISCOUNT
 * within their maximum for each of its discounts (every line's and the cart's, measured by
 * `largestDiscountBasisPoints`); DISCOUNT also to redeem a customer's points (whatever their worth:
 * they are the customer's, not a discount the member grants, so no maximum applies). The server
 * refuses by it and the till asks for an approval by it, given the same priced sale, so both read
 * the same lines.
 */
export function saleNeeds(
  lines: readonly LineNeeds[],
  discounts: SaleDiscountFigures,
  pointsRedeemed = 0,
): ActionNeeds {
  const discountBp = largestDiscountBasisPoints(discounts);
  const also: Permission[] = [];
  if (pointsRedeemed > 0) also.push('DISCOUNT');
  if (lines.some((l) => l.code !== undefined && l.priceOverride)) also.push('PRICE_OVERRIDE');
  // A gift card's amount is money the customer leaves with the shop, not a price: SELL is enough.
  if (lines.some((l) => l.code === undefined && !l.giftCard)) also.push('OPEN_PRICE');
  return { permission: 'SELL', ...(also.length ? { also } : {}), ...(discountBp > 0 ? { discountBp } : {}) };
}
