import { paths } from '../../../lib/paths.ts';

/** The Window Management API's part used here (Chromium; not in TypeScript's DOM types yet). */
interface ScreenDetailed {
  availLeft: number;
  availTop: number;
  availWidth: number;
  availHeight: number;
}
interface ScreenDetails {
  screens: ScreenDetailed[];
  currentScreen: ScreenDetailed;
}
type WithScreens = Window & { getScreenDetails?: () => Promise<ScreenDetails> };

/** Whether this device can show a second window at all (not a phone, not the native app). */
export function windowsPossible(phone: boolean, native: boolean): boolean {
  return !phone && !native && typeof window.open === 'function' && typeof BroadcastChannel !== 'undefined';
}

/**
 * Opens the customer display in a window of its own. It is opened at once, while the click still
 * allows a window; then, where the browser lets the page know the screens (Window Management, the
 * member grants it once), it is moved to fill a screen other than the counter's. Otherwise it is an
 * ordinary window the cashier drags there. `blocked`: the browser refused the window.
 */
export async function openDisplayWindow(store: string): Promise<'placed' | 'opened' | 'blocked'> {
  const opened = window.open(paths.localDisplay(store), `shopdesk-display-${store}`, 'popup,width=1024,height=768');
  if (!opened) return 'blocked';
  const getScreenDetails = (window as WithScreens).getScreenDetails;
  if (!getScreenDetails) return 'opened';
  try {
    const details = await getScreenDetails.call(window);
    const other = details.screens.find((s) => s !== details.currentScreen);
    if (!other) return 'opened';
    opened.moveTo(other.availLeft, other.availTop);
    opened.resizeTo(other.availWidth, other.availHeight);
    return 'placed';
  } catch {
    // The member refused to let the page know the screens: an ordinary window.
    return 'opened';
  }
}
