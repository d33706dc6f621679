import type { StateStorage } from 'zustand/middleware';

let mirror: StateStorage | null = null;

/**
 * Inside the apps, every write of the session is also kept in Capacitor Preferences
 * (lib/native-preferences.ts, installed at start by lib/native-boot.ts): the system does not clear
 * those the way it may clear a WebView's storage.
 */
export function mirrorStorage(storage: StateStorage | null): void {
  mirror = storage;
}

/**
 * The session's storage: localStorage, for synchronous reads at start, plus the mirror where one is
 * installed (the apps). Browsers load nothing more.
 */
export const durableStorage: StateStorage = {
  getItem: (key) => localStorage.getItem(key),
  setItem: (key, value) => {
    localStorage.setItem(key, value);
    void mirror?.setItem(key, value);
  },
  removeItem: (key) => {
    localStorage.removeItem(key);
    void mirror?.removeItem(key);
  },
};
