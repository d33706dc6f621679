import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  defaultSubscriptionStatus,
  type LoggedUser,
  type SessionExchangeRate,
  type SubscriptionStatus,
  type VirtualStore,
} from '@shopdesk/shared';
import { durableStorage } from './durable-storage.ts';

/** Key of the persisted session (localStorage; also Capacitor Preferences in the apps). */
export const SESSION_STORAGE_KEY = 'shopdesk-session';

/** Label printer options (original.md §3): what a cat-printer label shows and how many copies. */
export interface CatConfig {
  showBrand: boolean;
  showItemName: boolean;
  showPrice: boolean;
  showBarcode: boolean;
  showBarcodeNumber: boolean;
  count: number;
}

/** A paired Bluetooth printer; the printing issue fills in how it is reached. */
export interface SavedPrinter {
  deviceId: string;
  name: string;
}

export interface SessionState {
  userLocale: string;
  jwt: string | null;
  loggedUser: LoggedUser | null;
  virtualStore: VirtualStore | null;
  exchangeRate: SessionExchangeRate | null;
  /** Ids of navigator items the user starred (see app/shell/nav-items.ts). */
  navFavoriteList: string[];
  xPrinter: SavedPrinter | null;
  catPrinter: SavedPrinter | null;
  catConfig: CatConfig;
  cargoAutoSave: boolean;
  subscriptionStatus: SubscriptionStatus;
  isNavigatorView: boolean;
}

export interface SessionActions {
  login: (jwt: string, user: LoggedUser) => void;
  setLoggedUser: (user: LoggedUser) => void;
  updateDefaultStore: (defaultStoreId: string, defaultStore?: string) => void;
  setVirtualStore: (store: VirtualStore) => void;
  clearVirtualStore: () => void;
  setUserLocale: (locale: string) => void;
  toggleNavFavorite: (id: string) => void;
  setNavigatorView: (on: boolean) => void;
  setCatConfig: (config: Partial<CatConfig>) => void;
  setCatPrinter: (printer: SavedPrinter | null) => void;
  setXPrinter: (printer: SavedPrinter | null) => void;
  setExchangeRate: (rate: SessionExchangeRate | null) => void;
  setCargoAutoSave: (on: boolean) => void;
  setSubscriptionStatus: (status: SubscriptionStatus) => void;
  clearSession: () => void;
}

export const defaultCatConfig = (): CatConfig => ({
  showBrand: true,
  showItemName: true,
  showPrice: true,
  showBarcode: true,
  showBarcodeNumber: true,
  count: 1,
});

export const initialSessionState = (): SessionState => ({
  userLocale: 'en-US',
  jwt: null,
  loggedUser: null,
  virtualStore: null,
  exchangeRate: null,
  navFavoriteList: [],
  xPrinter: null,
  catPrinter: null,
  catConfig: defaultCatConfig(),
  cargoAutoSave: true,
  subscriptionStatus: defaultSubscriptionStatus(),
  isNavigatorView: true,
});

export const useSession = create<SessionState & SessionActions>()(
  persist(
    (set) => ({
      ...initialSessionState(),
      login: (jwt, user) => set({ jwt, loggedUser: user, userLocale: user.locale || 'en-US' }),
      setLoggedUser: (user) => set({ loggedUser: user }),
      updateDefaultStore: (defaultStoreId, defaultStore) =>
        set((s) =>
          s.loggedUser
            ? {
                loggedUser: {
                  ...s.loggedUser,
                  defaultStoreId,
                  defaultStore: defaultStore ?? s.loggedUser.defaultStore,
                },
              }
            : {},
        ),
      setVirtualStore: (store) => set({ virtualStore: store }),
      clearVirtualStore: () => set({ virtualStore: null, exchangeRate: null }),
      setUserLocale: (locale) => set({ userLocale: locale }),
      toggleNavFavorite: (id) =>
        set((s) => ({
          navFavoriteList: s.navFavoriteList.includes(id)
            ? s.navFavoriteList.filter((f) => f !== id)
            : [...s.navFavoriteList, id],
        })),
      setNavigatorView: (on) => set({ isNavigatorView: on }),
      setCatConfig: (config) => set((s) => ({ catConfig: { ...s.catConfig, ...config } })),
      setCatPrinter: (printer) => set({ catPrinter: printer }),
      setXPrinter: (printer) => set({ xPrinter: printer }),
      setExchangeRate: (rate) => set({ exchangeRate: rate }),
      setCargoAutoSave: (on) => set({ cargoAutoSave: on }),
      setSubscriptionStatus: (status) => set({ subscriptionStatus: status }),
      clearSession: () => {
        // Printers, label config and the chosen language are device settings, so they survive.
        set({
          jwt: null,
          loggedUser: null,
          virtualStore: null,
          exchangeRate: null,
          navFavoriteList: [],
          cargoAutoSave: true,
          isNavigatorView: true,
          subscriptionStatus: defaultSubscriptionStatus(),
        });
        // After the reset so the persist middleware does not write the cleared state back.
        useSession.persist.clearStorage();
      },
    }),
    { name: SESSION_STORAGE_KEY, storage: createJSONStorage(() => durableStorage), version: 1 },
  ),
);

/** Price-only labels print just the price (original.md §3). */
export function isPriceOnly(c: CatConfig): boolean {
  return c.showPrice && !c.showBrand && !c.showItemName && !c.showBarcode && !c.showBarcodeNumber;
}

export function isPremium(s: Pick<SessionState, 'loggedUser'>): boolean {
  return (s.loggedUser?.premium ?? 0) > 0;
}

export function hasSecondCurrency(s: Pick<SessionState, 'virtualStore'>): boolean {
  return s.virtualStore?.secondCurrency != null;
}

/** A user counts as logged in when the session holds one with an id (original.md §2). */
export function isLoggedIn(s: Pick<SessionState, 'loggedUser'>): boolean {
  return Boolean(s.loggedUser?.userId);
}
