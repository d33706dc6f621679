import { describe, expect, it } from 'vitest';
import { OWNER_RIGHTS, PERMISSIONS, ROLE_PERMISSIONS } from '@shopdesk/shared';
import { AppError } from '../../core/errors.ts';
import { assertAllowed, rightsOf } from './rights.ts';

const cashier = rightsOf({
  member_role: 'CASHIER',
  member_permissions: JSON.stringify(ROLE_PERMISSIONS.CASHIER),
  member_max_discount: 1000,
});

function refusal(run: () => void): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('store rights', () => {
  it('gives the owner every permission whatever the row holds', () => {
    expect(rightsOf({ member_role: 'OWNER', member_permissions: '[]', member_max_discount: 0 })).toBe(OWNER_RIGHTS);
    for (const p of PERMISSIONS) expect(() => assertAllowed(OWNER_RIGHTS, p)).not.toThrow();
    expect(() => assertAllowed(OWNER_RIGHTS, undefined)).not.toThrow();
  });

  it("reads a member's permissions, dropping names it does not know", () => {
    const rights = rightsOf({
      member_role: 'MANAGER',
      member_permissions: '["REFUND","FLY","REPORTS"]',
      member_max_discount: 500,
    });
    expect(rights).toEqual({ role: 'MANAGER', permissions: ['REFUND', 'REPORTS'], maxDiscount: 500 });
    expect(
      rightsOf({ member_role: 'CASHIER', member_permissions: 'not json', member_max_discount: 0 }).permissions,
    ).toEqual([]);
  });

  it('refuses a member what the route declares and they lack, naming it (403 FORBIDDEN)', () => {
    expect(() => assertAllowed(cashier, 'SELL')).not.toThrow();
    expect(() => assertAllowed(cashier, 'MEMBER')).not.toThrow();
    const error = refusal(() => assertAllowed(cashier, 'REFUND'));
    expect(error.statusCode).toBe(403);
    expect(error.toJSON()).toMatchObject({ code: 'FORBIDDEN', details: [{ field: 'permission', message: 'REFUND' }] });
    expect(error.message).toContain('REFUND');
  });

  it("keeps an undeclared store route and the owner's routes for the owner alone", () => {
    const manager = rightsOf({
      member_role: 'MANAGER',
      member_permissions: JSON.stringify(PERMISSIONS),
      member_max_discount: 0,
    });
    expect(refusal(() => assertAllowed(manager, undefined)).toJSON()).toMatchObject({ code: 'FORBIDDEN' });
    expect(refusal(() => assertAllowed(manager, 'OWNER')).message).toMatch(/owner/);
  });
});
