import { describe, expect, it } from 'vitest';
import { hasPermission, ROLE_MAX_DISCOUNT, ROLE_PERMISSIONS, type TillMember } from '@shopdesk/shared';
import { tillScreenRights } from './till-rights.ts';

const member = (name: string, role: 'MANAGER' | 'CASHIER', pin = true): TillMember => ({
  userId: `${name}-id`,
  name,
  role,
  permissions: [...ROLE_PERMISSIONS[role]],
  maxDiscount: ROLE_MAX_DISCOUNT[role],
  pinVerifier: pin ? 'v1:kept' : null,
});
const ben = member('Ben', 'CASHIER');
const mia = member('Mia', 'MANAGER');
const roster = (...members: TillMember[]) => ({ lockAfterSale: true, idleLockMinutes: 5, members });
const { pinVerifier: _v, ...benUser } = ben;

describe('what a till’s screens offer the member unlocked there', () => {
  it('adds what another member there may approve, so the action shows and then asks their PIN', () => {
    const rights = tillScreenRights(benUser, roster(ben, mia));
    for (const p of ['SELL', 'REFUND', 'VOID_PARKED', 'NO_SALE', 'CASH_MOVES', 'OPEN_PRICE'] as const)
      expect(hasPermission(rights, p)).toBe(true);
    expect(rights.maxDiscount).toBe(10_000);
    // Nothing that is not till work, and not what nobody may approve.
    for (const p of ['REPORTS', 'SETTINGS', 'PRODUCTS', 'MEMBERS'] as const)
      expect(hasPermission(rights, p)).toBe(false);
  });

  it('adds nothing an approver without a PIN (or nobody) holds', () => {
    const rights = tillScreenRights(benUser, roster(ben, member('Mia', 'MANAGER', false)));
    expect(hasPermission(rights, 'REFUND')).toBe(false);
    expect(rights.maxDiscount).toBe(ben.maxDiscount);
  });

  it('is the member’s own for what is theirs (a manager sees reports)', () => {
    const { pinVerifier: _m, ...miaUser } = mia;
    expect(hasPermission(tillScreenRights(miaUser, roster(ben, mia)), 'REPORTS')).toBe(true);
  });
});
