import type { TFunction } from './i18n/types.ts';
import { ApiRequestError, NetworkError } from './api-error.ts';

/**
 * Translates an English message from the API or the shared schemas when the current language has
 * a translation for it, else returns it unchanged.
 */
export function translateMessage(t: TFunction, message: string): string {
  return t(message, { ns: 'messages', keySeparator: false, nsSeparator: false, defaultValue: message });
}

/** The sentence to show a shop operator for a failed call. */
export function describeError(t: TFunction, error: unknown): string {
  if (error instanceof NetworkError) return t('errors.network');
  if (error instanceof ApiRequestError) {
    const code = error.code;
    if (code) {
      const byCode = t(`code:${code}`, { ns: 'messages', keySeparator: false, nsSeparator: false, defaultValue: '' });
      if (byCode) return byCode;
    }
    // The §8 rule leaves a 401 empty (the session-expired toast speaks). A form that is answered
    // 401 on purpose, like login with a wrong password, still shows the server's sentence.
    const text = error.message || error.apiError?.message;
    return text ? translateMessage(t, text) : t('errors.unexpected');
  }
  return t('errors.unexpected');
}

/** Field errors of a failed call, translated, keyed by field name. Codes name a field too. */
export function apiFieldErrors(t: TFunction, error: unknown): Record<string, string> {
  if (!(error instanceof ApiRequestError)) return {};
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(error.fieldErrors)) out[field] = translateMessage(t, message);
  if (error.code === 'URL_NAME_TAKEN' && !out.urlName) out.urlName = describeError(t, error);
  return out;
}
