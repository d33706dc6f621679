import type { PreferencesPlugin } from '@capacitor/preferences';
import type { StateStorage } from 'zustand/middleware';
import { isNativeApp } from './native-platform.ts';

// One operation at a time, in the order they were asked for: a logout's write of the cleared
// state and its removal must not land in the opposite order and leave a session behind.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `task` with the Preferences plugin, after every earlier task. The plugin is a proxy that
 * answers every property, `then` included, so it must never be the value of a promise.
 */
function withPreferences<T>(task: (p: PreferencesPlugin) => Promise<T>): Promise<T> {
  const run = queue.then(async () => {
    const { Preferences } = await import('@capacitor/preferences');
    return task(Preferences);
  });
  queue = run.catch(() => undefined);
  return run;
}

/**
 * The session's storage, chosen at run time. Browsers: localStorage. The apps: localStorage too,
 * for synchronous reads at start, with every write also kept in Capacitor Preferences
 * (SharedPreferences / UserDefaults), which the system does not clear the way it may clear a
 * WebView's storage; `restoreFromPreferences` puts it back before the first render.
 */
export const durableStorage: StateStorage = {
  getItem: (key) => localStorage.getItem(key),
  setItem: (key, value) => {
    localStorage.setItem(key, value);
    if (isNativeApp()) void withPreferences((p) => p.set({ key, value }));
  },
  removeItem: (key) => {
    localStorage.removeItem(key);
    if (isNativeApp()) void withPreferences((p) => p.remove({ key }));
  },
};

/**
 * In the apps, copies what Preferences holds for `key` into localStorage when the two differ
 * (a WebView whose storage was cleared). True when something was restored, so the caller
 * re-reads it. In browsers it does nothing.
 */
export async function restoreFromPreferences(key: string): Promise<boolean> {
  if (!isNativeApp()) return false;
  const { value } = await withPreferences((p) => p.get({ key }));
  if (value === null || value === localStorage.getItem(key)) return false;
  localStorage.setItem(key, value);
  return true;
}
