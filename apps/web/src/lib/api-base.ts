import { nativePlatform, type NativePlatform } from './native-platform.ts';

/**
 * Where the API is (original.md §7). In a browser it is the page's own host, so paths stay
 * relative. The apps load the web build from the device (https://localhost on Android,
 * capacitor://localhost on iOS), so they need the server's address: a release build gets it at
 * build time (VITE_API_URL, set by `npm run apps:sync` from SHOPDESK_API_URL); a development build
 * uses the fixed addresses at which the emulator and the simulator reach the developer's machine.
 */
const DEV_PORT = import.meta.env.VITE_DEV_API_PORT || '3000';
const DEV_HOSTS: Record<NativePlatform, string> = {
  // The Android emulator's alias of the host machine's loopback.
  android: `http://10.0.2.2:${DEV_PORT}`,
  // The iOS simulator shares the Mac's network, so its localhost is the Mac.
  ios: `http://localhost:${DEV_PORT}`,
};

/** The server's origin for the apps; '' in a browser (same origin). */
export function apiBase(platform: NativePlatform | null = nativePlatform()): string {
  if (!platform) return '';
  const configured = (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/+$/, '');
  return configured || DEV_HOSTS[platform];
}

/** An absolute server path ('/api/…', '/receipt/…') made reachable from here. */
export function apiUrl(path: string): string {
  return path.startsWith('/') ? `${apiBase()}${path}` : path;
}

/**
 * The origin of links given to customers and other devices (receipt QR codes, shared links): the
 * page's own in a browser, the server's in the apps (https://localhost means nothing elsewhere).
 */
export function publicOrigin(): string {
  return apiBase() || window.location.origin;
}
