/**
 * Options of `t`: the variables its text interpolates, plus the few lookup options the app uses.
 * `count` also picks the plural form; the whole object is the interpolation data (as with i18next).
 */
export interface TOptions {
  /** Picks `key_one`, `key_other`… by the language's plural rules, and fills `{{count}}`. */
  count?: number;
  /** Returned (interpolated) when no language has the key, instead of the key itself. */
  defaultValue?: string;
  /** Namespace to look in; 'translation' unless given. */
  ns?: string;
  /** `false`: the key is one flat name (the English sentences of the `messages` namespace). */
  keySeparator?: false;
  /** Accepted for the messages' calls; a key is never split into namespace and key anyway. */
  nsSeparator?: false;
  [variable: string]: unknown;
}

/** Translates a key of the UI's texts in the current language (lib/i18n/translate.ts). */
export type TFunction = (key: string, options?: TOptions) => string;

/** A nested tree of texts, as in the locale JSON files. */
export interface Texts {
  [key: string]: string | Texts;
}
