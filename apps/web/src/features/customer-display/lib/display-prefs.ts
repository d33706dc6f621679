import { useCallback, useEffect, useState } from 'react';
import type { DisplayState, DisplayStore, SupportedLocale } from '@shopdesk/shared';
import { applyLocale, toSupportedLocale } from '../../../lib/i18n.ts';

const LOCALE_KEY = 'shopdesk-display-locale';
const THEME_KEY = 'shopdesk-display-theme';

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function keep(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

/** The display's language: the customer's choice on this display, else the sale's customer's, else the store's. */
export function displayLocale(
  chosen: string | null,
  state: DisplayState | null,
  store: DisplayStore | null,
): SupportedLocale {
  return toSupportedLocale(chosen ?? state?.customerLocale ?? store?.locale ?? navigator.language);
}

/** The language shown, and the toggle that keeps the customer's choice on this device. */
export function useDisplayLocale(state: DisplayState | null, store: DisplayStore | null) {
  const [chosen, setChosen] = useState(() => stored(LOCALE_KEY));
  const locale = displayLocale(chosen, state, store);
  useEffect(() => void applyLocale(locale), [locale]);
  const toggle = useCallback(() => {
    const next = locale === 'ja-JP' ? 'en-US' : 'ja-JP';
    keep(LOCALE_KEY, next);
    setChosen(next);
  }, [locale]);
  return { locale, toggle };
}

export type DisplayTheme = 'light' | 'dark';

/** Light or dark: the system's until the toggle is used, then the choice kept on this device. */
export function useDisplayTheme() {
  const [query] = useState(() =>
    typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null,
  );
  const [system, setSystem] = useState<DisplayTheme>(query?.matches ? 'dark' : 'light');
  const [chosen, setChosen] = useState(() => stored(THEME_KEY) as DisplayTheme | null);
  useEffect(() => {
    if (!query) return;
    const change = (e: MediaQueryListEvent) => setSystem(e.matches ? 'dark' : 'light');
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, [query]);
  const theme: DisplayTheme = chosen === 'dark' || chosen === 'light' ? chosen : system;
  const toggle = useCallback(() => {
    const next = theme === 'dark' ? 'light' : 'dark';
    keep(THEME_KEY, next);
    setChosen(next);
  }, [theme]);
  return { theme, toggle };
}

interface WakeLockSentinelLike {
  release(): Promise<void>;
}

/** Keeps the screen on while the display is shown (where the browser has a wake lock), again after it was hidden. */
export function useWakeLock(): void {
  useEffect(() => {
    const wakeLock = (
      navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<WakeLockSentinelLike> } }
    ).wakeLock;
    if (!wakeLock) return;
    let sentinel: WakeLockSentinelLike | null = null;
    let gone = false;
    const acquire = () => {
      if (document.visibilityState !== 'visible') return;
      wakeLock.request('screen').then(
        (s) => {
          if (gone) void s.release();
          else sentinel = s;
        },
        () => undefined, // refused (battery saver, no permission): the screen may sleep
      );
    };
    acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      gone = true;
      document.removeEventListener('visibilitychange', acquire);
      void sentinel?.release().catch(() => undefined);
    };
  }, []);
}
