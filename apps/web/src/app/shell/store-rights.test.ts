import { describe, expect, it } from 'vitest';
import { OWNER_RIGHTS, ROLE_PERMISSIONS, type StoreRights } from '@shopdesk/shared';
import { NAV_LEAVES } from './nav-items.ts';
import { may, screenNeed } from '../../lib/store-rights.ts';

const cashier: StoreRights = { role: 'CASHIER', permissions: ROLE_PERMISSIONS.CASHIER, maxDiscount: 1000 };
const manager: StoreRights = { role: 'MANAGER', permissions: ROLE_PERMISSIONS.MANAGER, maxDiscount: 10000 };
const opens = (rights: StoreRights) => NAV_LEAVES.filter((i) => may(rights, screenNeed(i.path))).map((i) => i.id);

describe('store rights in the web app', () => {
  it('reads what a screen needs by its longest path prefix', () => {
    expect(screenNeed('shop/statistic')).toBe('REPORTS');
    expect(screenNeed('/shop/shift/abc/')).toBe('SHIFTS');
    expect(screenNeed('stock/edit/4901234567894')).toBe('PRODUCTS');
    expect(screenNeed('profile/store/shop-1/sales')).toBe('SETTINGS');
    expect(screenNeed('profile/store/shop-1/members')).toBe('MEMBERS');
    expect(screenNeed('profile/store/shop-1/tills')).toBe('SETTINGS');
    expect(screenNeed('profile/store/shop-1/loyalty')).toBe('SETTINGS');
    // Customers' contact details and totals: REPORTS, the new, edit and customer pages too.
    expect(screenNeed('shop/customers')).toBe('REPORTS');
    expect(screenNeed('shop/customers/c1/edit')).toBe('REPORTS');
    // Gift cards: the list, a card's page and the liability screen are REPORTS'; their settings SETTINGS'.
    expect(screenNeed('shop/gift-cards')).toBe('REPORTS');
    expect(screenNeed('shop/gift-cards/1234567890123456')).toBe('REPORTS');
    expect(screenNeed('shop/gift-cards/liability')).toBe('REPORTS');
    expect(screenNeed('profile/store/shop-1/stored-value')).toBe('SETTINGS');
    // The list of one's own stores (owned and member ones, marked) is every member's.
    expect(screenNeed('profile/store')).toBeNull();
    expect(screenNeed('profile/subscription/pricing')).toBe('OWNER');
    expect(screenNeed('stock/list')).toBeNull();
    expect(screenNeed('profile')).toBeNull();
    expect(screenNeed('stock/newer')).toBeNull();
  });

  it('shows a cashier the counter, lists and shift but not settings, reports or product editing', () => {
    expect(opens(cashier)).toEqual(
      expect.arrayContaining([
        'home',
        'shop-counter',
        'shop-list',
        'shop-shift',
        'stock-list',
        'profile',
        'profile-store',
      ]),
    );
    for (const hidden of [
      'shop-statistic',
      'shop-customers',
      'shop-gift-cards',
      'shop-gift-liability',
      'stock-new',
      'cargo-new',
    ]) {
      expect(opens(cashier)).not.toContain(hidden);
    }
    expect(opens(manager)).toEqual(opens(OWNER_RIGHTS));
    expect(may(manager, 'OWNER')).toBe(false);
  });
});
