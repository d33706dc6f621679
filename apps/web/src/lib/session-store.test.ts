import { beforeEach, describe, expect, it } from 'vitest';
import type { LoggedUser, VirtualStore } from '@shopdesk/shared';
import {
  SESSION_STORAGE_KEY,
  hasSecondCurrency,
  initialSessionState,
  isLoggedIn,
  isPremium,
  isPriceOnly,
  useSession,
} from './session-store.ts';

const user: LoggedUser = {
  userId: 'u1',
  email: 'ann@example.com',
  name: 'Ann',
  locale: 'ja-JP',
  imageId: null,
  defaultStore: 'corner-shop',
  defaultStoreId: 's1',
  premium: 0,
  emailConfirmed: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};

const store: VirtualStore = {
  id: 's1',
  urlName: 'corner-shop',
  name: 'Corner Shop',
  mainCurrency: 'USD',
  secondCurrency: null,
  timezone: 'UTC',
  address: '',
  phone: '',
  createdAt: '2025-01-01T00:00:00.000Z',
  taxMode: 'NONE',
  defaultTaxRate: 0,
  cashRounding: 0,
};

beforeEach(() => {
  localStorage.clear();
  useSession.setState(initialSessionState());
});

describe('session defaults (original.md §3)', () => {
  it('has exactly the spec fields with their defaults', () => {
    const s = initialSessionState();
    expect(Object.keys(s).sort()).toEqual(
      [
        'userLocale',
        'jwt',
        'loggedUser',
        'virtualStore',
        'exchangeRate',
        'navFavoriteList',
        'xPrinter',
        'catPrinter',
        'catConfig',
        'cargoAutoSave',
        'subscriptionStatus',
        'isNavigatorView',
      ].sort(),
    );
    expect(s.userLocale).toBe('en-US');
    expect(s.cargoAutoSave).toBe(true);
    expect(s.isNavigatorView).toBe(true);
    expect(s.catConfig).toEqual({
      showBrand: true,
      showItemName: true,
      showPrice: true,
      showBarcode: true,
      showBarcodeNumber: true,
      count: 1,
    });
    expect(s.subscriptionStatus).toEqual({
      freeProductLimit: null,
      freeCargoLimit: null,
      freeTransactionLimit: null,
      productCount: 0,
      cargoCount: 0,
      shopTransactionCount: 0,
      freeLimitHasReached: false,
      betaExpiry: undefined,
    });
  });
});

describe('session actions', () => {
  it('login stores token and user, adopts the user locale, and persists to localStorage', () => {
    useSession.getState().login('jwt-1', user);
    const s = useSession.getState();
    expect(s.jwt).toBe('jwt-1');
    expect(s.loggedUser).toEqual(user);
    expect(s.userLocale).toBe('ja-JP');
    expect(isLoggedIn(s)).toBe(true);
    const saved = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}') as { state: { jwt: string } };
    expect(saved.state.jwt).toBe('jwt-1');
  });

  it('updateDefaultStore changes the default store id (and name when given)', () => {
    useSession.getState().login('jwt-1', user);
    useSession.getState().updateDefaultStore('s2', 'second-shop');
    expect(useSession.getState().loggedUser).toMatchObject({ defaultStoreId: 's2', defaultStore: 'second-shop' });
    useSession.getState().updateDefaultStore('s3');
    expect(useSession.getState().loggedUser).toMatchObject({ defaultStoreId: 's3', defaultStore: 'second-shop' });
  });

  it('clearVirtualStore drops the store and the exchange rate', () => {
    useSession.setState({ virtualStore: store, exchangeRate: { rate: '150.2' } });
    useSession.getState().clearVirtualStore();
    expect(useSession.getState().virtualStore).toBeNull();
    expect(useSession.getState().exchangeRate).toBeNull();
  });

  it('clearSession resets the session and removes it from localStorage', () => {
    const s = useSession.getState();
    s.login('jwt-1', user);
    s.setVirtualStore(store);
    s.toggleNavFavorite('shop-counter');
    s.setCargoAutoSave(false);
    s.setNavigatorView(false);
    s.setSubscriptionStatus({
      ...initialSessionState().subscriptionStatus,
      productCount: 7,
      freeLimitHasReached: true,
    });
    s.setCatConfig({ showBrand: false });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();

    useSession.getState().clearSession();
    const after = useSession.getState();
    expect(after.jwt).toBeNull();
    expect(after.loggedUser).toBeNull();
    expect(after.virtualStore).toBeNull();
    expect(after.navFavoriteList).toEqual([]);
    expect(after.cargoAutoSave).toBe(true);
    expect(after.isNavigatorView).toBe(true);
    expect(after.subscriptionStatus).toEqual(initialSessionState().subscriptionStatus);
    expect(isLoggedIn(after)).toBe(false);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('toggleNavFavorite adds and removes', () => {
    useSession.getState().toggleNavFavorite('a');
    useSession.getState().toggleNavFavorite('b');
    useSession.getState().toggleNavFavorite('a');
    expect(useSession.getState().navFavoriteList).toEqual(['b']);
  });
});

describe('derived flags', () => {
  it('isPremium is premium > 0', () => {
    expect(isPremium({ loggedUser: null })).toBe(false);
    expect(isPremium({ loggedUser: { ...user, premium: 0 } })).toBe(false);
    expect(isPremium({ loggedUser: { ...user, premium: 1 } })).toBe(true);
  });

  it('hasSecondCurrency only when the store has one', () => {
    expect(hasSecondCurrency({ virtualStore: null })).toBe(false);
    expect(hasSecondCurrency({ virtualStore: store })).toBe(false);
    expect(hasSecondCurrency({ virtualStore: { ...store, secondCurrency: 'JPY' } })).toBe(true);
  });

  it('isPriceOnly: price on and the other four off', () => {
    const base = initialSessionState().catConfig;
    expect(isPriceOnly(base)).toBe(false);
    const priceOnly = { ...base, showBrand: false, showItemName: false, showBarcode: false, showBarcodeNumber: false };
    expect(isPriceOnly(priceOnly)).toBe(true);
    expect(isPriceOnly({ ...priceOnly, showPrice: false })).toBe(false);
    expect(isPriceOnly({ ...priceOnly, showBarcodeNumber: true })).toBe(false);
  });
});
