import { SUPPORTED_LOCALES, type SupportedLocale } from '@shopdesk/shared';

/**
 * The language of a mail: the first of `candidates` that is a supported locale (the sign-up's
 * `locale`, then the user's profile language), else English. Matches on the language alone, so a
 * stored `ja` or `ja-JP` both give Japanese.
 */
export function mailLocale(...candidates: Array<string | null | undefined>): SupportedLocale {
  for (const candidate of candidates) {
    if (!candidate) continue;
    const language = candidate.toLowerCase().split(/[-_]/)[0];
    const found = SUPPORTED_LOCALES.find((l) => l.toLowerCase().split('-')[0] === language);
    if (found) return found;
  }
  return 'en-US';
}
