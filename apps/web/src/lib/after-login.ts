/**
 * Where a visitor was going when the route guard sent them to log in, for the one link worth
 * coming back to: a cargo hand-over QR's `/cargo/receive/{token}` (its token is the only way to
 * the cargo, and a receiver scanning it on a phone is often not logged in yet) and an invitation's
 * `/invite/{token}` (the invitee logs in, then accepts). Everything else
 * still lands on the default store after login, as original.md §2 says. Kept for this tab only.
 */
const KEY = 'shopdesk-after-login';
const WORTH_KEEPING = /^\/(?:cargo\/receive|invite)\/[^/]+$/i;

export function rememberDestination(pathname: string): void {
  if (!WORTH_KEEPING.test(pathname)) return;
  try {
    sessionStorage.setItem(KEY, pathname);
  } catch {
    // Storage off (private mode): the receiver scans the QR again after login.
  }
}

/**
 * The remembered destination, or null. Read, not taken: the login page and the route guard both
 * send a user who just logged in there (whichever navigation lands last wins), and the page at
 * the destination forgets it (`forgetDestination`).
 */
export function pendingDestination(): string | null {
  try {
    const destination = sessionStorage.getItem(KEY);
    return destination !== null && WORTH_KEEPING.test(destination) ? destination : null;
  } catch {
    return null;
  }
}

export function forgetDestination(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
