import { describe, expect, it } from 'vitest';
import { activeLeaf } from './navigator.tsx';
import { sectionOf } from './section-tabs.tsx';
import { NAV_LEAVES } from './nav-items.ts';
import { isTillScreen } from '../../lib/till/till-screens.ts';

describe('the current section follows the route', () => {
  it('highlights the navigator entry of the screen', () => {
    const at = (p: string) => activeLeaf(p, '/corner')?.id;
    expect(at('/corner')).toBe('home');
    expect(at('/corner/')).toBe('home');
    expect(at('/corner/stock/list')).toBe('stock-list');
    expect(at('/corner/stock/scan/4901234567894')).toBe('stock-scan');
    expect(at('/corner/cargo/manage/new/C1')).toBe('cargo-new');
    expect(at('/corner/cargo/manage/C1')).toBe('cargo-manage');
    expect(at('/corner/profile/edit')).toBe('profile');
    expect(at('/corner/profile/store')).toBe('profile-store');
    expect(at('/corner/stock/listing')).toBeUndefined();
    expect(at('/other/stock/list')).toBeUndefined();
  });

  it('names the section tab of stock, cargo and shop screens', () => {
    expect(sectionOf('/corner/stock/list', 'corner')).toBe('INVENTORY');
    expect(sectionOf('/corner/stock/edit/SKU-1', 'corner')).toBe('INVENTORY');
    expect(sectionOf('/corner/cargo/manage', 'corner')).toBe('CARGO');
    expect(sectionOf('/corner/shop/counter/T1', 'corner')).toBe('SHOP');
    expect(sectionOf('/corner/profile', 'corner')).toBeNull();
    expect(sectionOf('/corner', 'corner')).toBeNull();
    expect(sectionOf('/caf%C3%A9/stock/list', 'café')).toBe('INVENTORY');
  });
});

describe('the navigator on a till', () => {
  it('lists the screens its guard opens, no other', () => {
    const onTill = NAV_LEAVES.filter((item) => isTillScreen(item.path)).map((item) => item.id);
    expect(onTill).toEqual(['shop-counter', 'shop-list', 'shop-shift', 'profile-printers']);
  });
});
