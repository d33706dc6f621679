import { describe, expect, it } from 'vitest';
import { minPinLength, mayApprove } from './pin-rules.ts';
import { OWNER_RIGHTS, ROLE_MAX_DISCOUNT, ROLE_PERMISSIONS, type Permission } from './staff.ts';

const cashier = (permissions: Permission[], maxDiscount = 0) => ({
  role: 'CASHIER' as const,
  permissions,
  maxDiscount,
});

describe('PIN length by rights (product.md §2)', () => {
  it('asks 6 digits of a member who may approve, 4 of one who only sells', () => {
    expect(minPinLength(cashier(['SELL', 'SHIFTS', 'REPORTS']))).toBe(4);
    for (const p of ['REFUND', 'PRICE_OVERRIDE', 'OPEN_PRICE', 'VOID_PARKED', 'NO_SALE', 'CASH_MOVES'] as const) {
      expect(mayApprove(cashier(['SELL', p])), p).toBe(true);
      expect(minPinLength(cashier(['SELL', p])), p).toBe(6);
    }
    // Any maximum discount lets a member approve a discount up to it.
    expect(minPinLength(cashier(['SELL', 'DISCOUNT'], 1))).toBe(6);
    expect(minPinLength(cashier(['SELL', 'DISCOUNT'], 0))).toBe(4);
  });

  it('asks 6 of the owner and of the roles as they start (a cashier may give 10%)', () => {
    expect(minPinLength(OWNER_RIGHTS)).toBe(6);
    for (const role of ['MANAGER', 'CASHIER'] as const) {
      expect(minPinLength({ role, permissions: ROLE_PERMISSIONS[role], maxDiscount: ROLE_MAX_DISCOUNT[role] })).toBe(6);
    }
  });
});
