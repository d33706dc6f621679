import { describe, expect, it } from 'vitest';
import { switchStorePath } from './switch-store-path.ts';

describe('switching stores keeps the section', () => {
  it('keeps home, profile screens and section screens', () => {
    expect(switchStorePath('')).toBe('');
    expect(switchStorePath('profile')).toBe('profile');
    expect(switchStorePath('profile/store')).toBe('profile/store');
    expect(switchStorePath('stock/list')).toBe('stock/list');
    expect(switchStorePath('stock/new')).toBe('stock/new');
    expect(switchStorePath('stock/inventory-catalog')).toBe('stock/inventory-catalog');
    expect(switchStorePath('cargo/manage')).toBe('cargo/manage');
  });

  it("leaves one store's objects for their section", () => {
    expect(switchStorePath('stock/edit/ABC-1')).toBe('stock/list');
    expect(switchStorePath('stock/scan/4006381333931')).toBe('stock/scan');
    expect(switchStorePath('cargo/manage/K7M2Q9XA')).toBe('cargo/manage');
    expect(switchStorePath('shop/counter/ABCDEFGHJKMN')).toBe('shop/counter');
  });

  it('keeps the list search and drops other queries', () => {
    expect(switchStorePath('stock/list', '?q=tea&lowStock=true')).toBe('stock/list?q=tea&lowStock=true');
    expect(switchStorePath('stock/new', '?code=123')).toBe('stock/new');
  });
});
