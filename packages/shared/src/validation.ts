import { z } from 'zod';
import { CURRENCY_CODES } from './currencies.ts';
import { SUPPORTED_LOCALES } from './locales.ts';

/**
 * Store URL names become the first path segment of the web app (`/{store}/...`), so words that are
 * routes of their own, or files served at the root, can never be store names.
 */
export const RESERVED_URL_NAMES = [
  'auth',
  'signup',
  'forgot-password',
  'legal',
  'receipt',
  'confirm',
  'invite',
  'display',
  'display-window',
  'api',
  'ads.txt',
  'service-worker.js',
  'manifest.webmanifest',
  'assets',
  'icons',
  'favicon.ico',
  'robots.txt',
  'profile',
  'cargo',
  'stock',
  'shop',
  'static',
  'docs',
  'admin',
  'login',
  'logout',
  'public',
  'secure',
  'health',
  'www',
  'app',
  'help',
  'support',
  'settings',
  'new',
  'index.html',
] as const;

/**
 * Characters no text field takes: C0 and C1 control characters (NUL, CR, LF…; a multi-line field
 * keeps LF), bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069, which
 * can make `exe.txt` read as `txt.exe`), and lone UTF-16 surrogates (not text at all: they cannot
 * be stored as UTF-8). Letters, marks, emoji and LRM/RLM marks stay.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN_IN_LINE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN_IN_TEXT = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export interface TextRules {
  /** Names the field in messages, e.g. `Name`. */
  label: string;
  max: number;
  /** At least this many characters after trimming; 1 makes the field required. */
  min?: number;
}

function textSchema(rules: TextRules, keepLines: boolean) {
  const { label, max, min = 0 } = rules;
  let schema = z
    .string({ error: min > 0 ? `${label} is required` : `${label} must be text` })
    .overwrite((v) => (keepLines ? v.replace(/\r\n?/g, '\n') : v))
    .refine((v) => !LONE_SURROGATE.test(v), { message: `${label} contains characters that are not text`, abort: true })
    .refine((v) => !(keepLines ? FORBIDDEN_IN_TEXT : FORBIDDEN_IN_LINE).test(v), {
      message: keepLines
        ? `${label} must not contain control characters`
        : `${label} must be one line without control characters`,
      abort: true,
    })
    .normalize('NFC')
    .trim();
  if (min > 0) {
    schema = schema.min(min, min === 1 ? `${label} is required` : `${label} must be at least ${min} characters`);
  }
  return schema.max(max, `${label} must be at most ${max} characters`);
}

/**
 * A one-line text field (names, brands, notes…), the same rules for the web form, the API and the
 * CSV import: NFC-normalized, trimmed, without line breaks, control or bidi-override characters.
 */
export function singleLineText(rules: TextRules) {
  return textSchema(rules, false);
}

/** A text field of several lines (a description): as `singleLineText`, but keeps line breaks (CRLF read as LF). */
export function multiLineText(rules: TextRules) {
  return textSchema(rules, true);
}

export const URL_NAME_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

export const urlNameSchema = z
  .string({ error: 'Store URL name is required' })
  .trim()
  .toLowerCase()
  .min(3, 'Store URL name must be at least 3 characters')
  .max(32, 'Store URL name must be at most 32 characters')
  .regex(
    URL_NAME_PATTERN,
    'Store URL name may use only lowercase letters, digits and hyphens, and cannot start or end with a hyphen',
  )
  .refine((v) => !(RESERVED_URL_NAMES as readonly string[]).includes(v), {
    message: 'This store URL name is reserved, please choose another one',
  });

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'Email is too long')
  .email('Enter a valid email address');

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

export const personNameSchema = singleLineText({ label: 'Name', min: 1, max: 80 });

export const storeNameSchema = singleLineText({ label: 'Store name', min: 1, max: 80 });

export const currencySchema = z.enum(CURRENCY_CODES, {
  error: 'Choose one of the supported currencies',
});

export const localeSchema = z.enum(SUPPORTED_LOCALES, { error: 'Choose a supported language' });

/** An IANA time zone name that this runtime knows, e.g. `Asia/Tokyo`. */
export const timezoneSchema = z
  .string()
  .trim()
  .min(1, 'Time zone is required')
  .max(64)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'Unknown time zone' },
  );

export const uuidSchema = z.string().uuid('Must be a UUID');
