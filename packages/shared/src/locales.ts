// No zod here: the web app picks its language before the first screen (see error-codes.ts).

/** Locales with complete UI texts. The API accepts only these. */
export const SUPPORTED_LOCALES = ['en-US', 'ja-JP'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];
