import { Preferences } from '@capacitor/preferences';
import type { StateStorage } from 'zustand/middleware';

// Loaded only inside the apps (lib/native-boot.ts).

// One operation at a time, in the order they were asked for: a logout's write of the cleared
// state and its removal must not land in the opposite order and leave a session behind.
let queue: Promise<unknown> = Promise.resolve();

// The plugin is a proxy that answers every property, `then` included: it is only ever called,
// never the value of a promise (awaiting it would call a native "then").
function inOrder<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task);
  queue = run.catch(() => undefined);
  return run;
}

/** Capacitor Preferences (SharedPreferences / UserDefaults) as the session storage's mirror. */
export const preferencesMirror: StateStorage = {
  getItem: (key) => inOrder(async () => (await Preferences.get({ key })).value),
  setItem: (key, value) => inOrder(() => Preferences.set({ key, value })),
  removeItem: (key) => inOrder(() => Preferences.remove({ key })),
};

/**
 * Copies what Preferences holds for `key` into localStorage when the two differ (a WebView whose
 * storage was cleared). True when something was restored, so the caller re-reads it.
 */
export async function restoreFromPreferences(key: string): Promise<boolean> {
  const value = await preferencesMirror.getItem(key);
  if (value === null || value === localStorage.getItem(key)) return false;
  localStorage.setItem(key, value);
  return true;
}
