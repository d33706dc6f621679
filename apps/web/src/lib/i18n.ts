import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { SUPPORTED_LOCALES, type SupportedLocale } from '@shopdesk/shared';
import enUS from '../locales/en-US.json';
import jaJP from '../locales/ja-JP.json';
import jaJPMessages from '../locales/ja-JP.messages.json';
import { useSession } from './session-store.ts';

/** A supported locale for any stored value; unknown ones fall back to English. */
export function toSupportedLocale(value: string | null | undefined): SupportedLocale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(value ?? '')
    ? (value as SupportedLocale)
    : 'en-US';
}

// Both locales are small, so they are bundled rather than fetched: the app works offline at once.
void i18n.use(initReactI18next).init({
  resources: {
    'en-US': { translation: enUS },
    // Server and shared-schema messages are English sentences; this namespace maps them by text.
    'ja-JP': { translation: jaJP, messages: jaJPMessages },
  },
  lng: toSupportedLocale(useSession.getState().userLocale),
  fallbackLng: 'en-US',
  supportedLngs: SUPPORTED_LOCALES as unknown as string[],
  interpolation: { escapeValue: false },
  returnNull: false,
});

function applyLocale(locale: string) {
  const lng = toSupportedLocale(locale);
  if (i18n.language !== lng) void i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}

applyLocale(useSession.getState().userLocale);
// The UI language follows the session (which follows the user's profile after login).
useSession.subscribe((s, prev) => {
  if (s.userLocale !== prev.userLocale) applyLocale(s.userLocale);
});

export default i18n;
