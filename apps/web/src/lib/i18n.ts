import { i18n } from './i18n/instance.ts';
import { SUPPORTED_LOCALES, type SupportedLocale } from '@shopdesk/shared';
import enUS from '../locales/en-US.json?first';
import type { Texts } from './i18n/types.ts';
import { textPart } from './i18n/text-part.ts';
import { SESSION_STORAGE_KEY, useSession } from './session-store.ts';

/** A supported locale for any stored value; unknown ones fall back to English. */
export function toSupportedLocale(value: string | null | undefined): SupportedLocale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(value ?? '') ? (value as SupportedLocale) : 'en-US';
}

/** The supported locale nearest the browser's languages (`ja` → ja-JP), else English. */
export function browserLocale(
  languages: readonly string[] = navigator.languages ?? [navigator.language],
): SupportedLocale {
  for (const lang of languages) {
    const exact = SUPPORTED_LOCALES.find((l) => l.toLowerCase() === lang.toLowerCase());
    const primary = lang.toLowerCase().split('-')[0];
    const sameLanguage = SUPPORTED_LOCALES.find((l) => l.split('-')[0] === primary);
    if (exact ?? sameLanguage) return (exact ?? sameLanguage)!;
  }
  return 'en-US';
}

/**
 * The session's locale defaults to en-US (original.md §3); a visitor with no stored session (never
 * logged in on this device, never picked a language) starts in the browser's language instead.
 */
export function adoptBrowserLocale(): void {
  if (localStorage.getItem(SESSION_STORAGE_KEY) !== null) return;
  const locale = browserLocale();
  if (locale !== useSession.getState().userLocale) useSession.getState().setUserLocale(locale);
}

// English is bundled (it is also the fallback); other languages are separate chunks of the build,
// precached by the service worker like every asset, so they work offline too.
i18n.addResourceBundle('en-US', 'translation', enUS as Texts);

const loaders: Record<Exclude<SupportedLocale, 'en-US'>, () => Promise<void>> = {
  'ja-JP': async () => {
    const [translation, messages] = await Promise.all([
      import('../locales/ja-JP.json'),
      // Server and shared-schema messages are English sentences; this namespace maps them by text.
      import('../locales/ja-JP.messages.json'),
    ]);
    i18n.addResourceBundle('ja-JP', 'translation', translation.default as Texts);
    i18n.addResourceBundle('ja-JP', 'messages', messages.default);
  },
};

/** Loads the language's texts if needed, then switches the UI to it. */
export async function applyLocale(locale: string): Promise<void> {
  const lng = toSupportedLocale(locale);
  if (lng !== 'en-US' && !i18n.hasResourceBundle(lng, 'translation')) {
    try {
      await loaders[lng]();
    } catch (error) {
      console.error(`Could not load the ${lng} texts`, error);
      return;
    }
  }
  if (i18n.language !== lng) await i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}

/**
 * English texts of the screens past the first ones (build-tools/split-texts.ts): the router loads
 * them with those screens. In development and tests the first part is the whole file already.
 */
export const loadLaterTexts = textPart(() => import('../locales/en-US.json?later'));

const counterTexts = textPart(() => import('../locales/en-US.json?counter'));

/**
 * The counter's part of the later texts (build-tools/split-texts.ts, COUNTER_TEXTS): the counter's
 * route loads only these, and screens past it load all later texts (loadLaterTexts) as before.
 */
export function loadCounterTexts(): Promise<void> {
  return loadLaterTexts.started() ?? counterTexts();
}

const publicTexts = textPart(() => import('../locales/en-US.json?public'));

/**
 * The public screens' part of the later texts (build-tools/split-texts.ts, PUBLIC_TEXTS): sign-up,
 * forgot password and confirm load only these, a visitor's first load (≤ 250 KB); screens past
 * them load all later texts (loadLaterTexts) as before.
 */
export function loadPublicTexts(): Promise<void> {
  return loadLaterTexts.started() ?? publicTexts();
}

/** English texts of the item screens (items, variants, batch labels): loaded with the products' and cargo's screens. */
export const loadItemTexts = textPart(() => import('../locales/en-US.json?items'));

// The UI language follows the session (which follows the user's profile after login).
useSession.subscribe((s, prev) => {
  if (s.userLocale !== prev.userLocale) void applyLocale(s.userLocale);
});

export default i18n;
