/**
 * Route guard of original.md §2, as pure functions so it is tested without a browser.
 *
 * Visitors may open only paths containing one of these. `/confirm/` is our addition: the sign-up
 * confirmation link in the mail must work for someone who is not logged in yet, and so must
 * `/invite/` (an invitation link: its page offers to log in or create the account).
 */
import { paths } from '../lib/paths.ts';
import { isTillScreen } from '../lib/till/till-screens.ts';

const PUBLIC_PATH_PARTS = [
  paths.auth(),
  paths.signUp(),
  paths.forgotPassword(),
  '/ads.txt',
  '/receipt',
  paths.legal(),
  '/confirm/',
  '/invite/',
  '/display/',
  '/display-window/',
].map((p) => p.toLowerCase());

/** The customer display's pages (issue 45): nothing but the display on them, no banners. */
export function isDisplayPath(pathname: string): boolean {
  return /^\/display(?:-window)?\//i.test(pathname);
}

/** Screens only for visitors; a logged-in user opening them goes to `/`. */
const VISITOR_ONLY_PATHS = [paths.auth(), paths.forgotPassword(), paths.signUp()].map((p) => p.toLowerCase());

/** Public pages: where visitors may be, and where a 401 does not redirect. */
export function isPublicPath(pathname: string): boolean {
  const p = pathname.toLowerCase();
  return PUBLIC_PATH_PARTS.some((part) => p.includes(part));
}

function normalize(pathname: string): string {
  const p = pathname.toLowerCase();
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
}

/** Where the guard sends this navigation, or null to let it through. */
export function guardRedirect(pathname: string, loggedIn: boolean): string | null {
  if (loggedIn) return VISITOR_ONLY_PATHS.includes(normalize(pathname)) ? paths.root() : null;
  return isPublicPath(pathname) ? null : paths.auth();
}

/**
 * Where a till sends this navigation (product.md §2, till mode), or null to let it through. A till
 * opens only its own store's till screens (lib/till/till-screens.ts), and while locked only the
 * counter, whose PIN pad unlocks it; anything else, typed or linked, a visitor's page included,
 * lands on the counter (which the caller locks).
 */
export function tillRedirect(pathname: string, tillStore: string, unlocked: boolean): string | null {
  const counter = paths.shopCounter(tillStore);
  const [, first = '', ...rest] = pathname.split('/');
  let store: string;
  try {
    store = decodeURIComponent(first);
  } catch {
    return counter;
  }
  // The counter's second window (the customer display of its own store) is no escape from the counter.
  if (`${store}/${rest.join('/')}`.toLowerCase() === `display-window/${tillStore.toLowerCase()}`) return null;
  if (store.toLowerCase() !== tillStore.toLowerCase()) return counter;
  const relative = rest.join('/');
  if (isTillScreen(relative, 'shop/counter')) return null;
  return unlocked && isTillScreen(relative) ? null : counter;
}
