import { deviceOwner, subscribeDeviceOwner } from '../../../lib/device-owner.ts';
import { CATALOG_DB_PREFIX, hasCatalogDbs, removeCatalogDbs } from './catalog-registry.ts';

/**
 * Removes the counter's product copies of anyone but the logged-in user (or this device's till,
 * lib/device-owner.ts): at logout, when the session ends (a 401 clears it), when another user logs
 * in on this device, and when it becomes a till or stops being one. Small and free of
 * IndexedDB wrappers, so the app shell can start it at boot (a logout from any page then clears
 * copies made earlier); the counter starts it too. Starting it twice is harmless.
 */
let following = false;

export function followSessionForCatalogs(): void {
  if (following) return;
  following = true;
  let current: string | null | undefined;
  const follow = (userId: string | null) => {
    if (userId === current) return;
    current = userId;
    if (!hasCatalogDbs() && typeof indexedDB.databases !== 'function') return;
    const mine = userId === null ? null : `${CATALOG_DB_PREFIX}${userId}:`;
    void removeCatalogDbs((name) => mine !== null && name.startsWith(mine)).catch((e: unknown) =>
      console.warn('Could not remove the counter product copies', e),
    );
  };
  follow(deviceOwner());
  subscribeDeviceOwner(follow);
}
