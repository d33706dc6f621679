/**
 * Where the API is (original.md §7). In a browser it is the page's own host, so paths stay
 * relative. The apps load the web build from the device (https://localhost on Android,
 * capacitor://localhost on iOS), so at start they set the server's address (lib/native-boot.ts,
 * from lib/native-api-base.ts); that code loads only inside the apps.
 */
let base = '';

/** Set once at start inside the apps. */
export function setApiBase(origin: string): void {
  base = origin.replace(/\/+$/, '');
}

/** The server's origin in the apps; '' in a browser (same origin). */
export const apiBase = (): string => base;

/** An absolute server path ('/api/…', '/receipt/…') made reachable from here. */
export function apiUrl(path: string): string {
  return path.startsWith('/') ? `${base}${path}` : path;
}

/**
 * The origin of links given to customers and other devices (receipt QR codes, shared links): the
 * page's own in a browser, the server's in the apps (https://localhost means nothing elsewhere).
 */
export function publicOrigin(): string {
  return base || window.location.origin;
}
