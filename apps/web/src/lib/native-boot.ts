import { setApiBase } from './api-base.ts';
import { mirrorStorage } from './durable-storage.ts';
import { nativeApiBase } from './native-api-base.ts';
import type { NativePlatform } from './native-platform.ts';
import { preferencesMirror, restoreFromPreferences } from './native-preferences.ts';
import { SESSION_STORAGE_KEY, useSession } from './session-store.ts';

// Loaded only inside the apps (main.tsx imports this file dynamically), so browsers never carry it.

/**
 * What the apps set up before the first render: the server's address, the session kept in
 * Preferences, and the session brought back from there when the WebView's storage lost it, so
 * the cashier stays signed in.
 */
export async function startNativeApp(platform: NativePlatform): Promise<void> {
  setApiBase(nativeApiBase(platform));
  mirrorStorage(preferencesMirror);
  if (await restoreFromPreferences(SESSION_STORAGE_KEY)) await useSession.persist.rehydrate();
}
