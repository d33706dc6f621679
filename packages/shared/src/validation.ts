import { z } from 'zod';
import { CURRENCY_CODES } from './currencies.ts';

/** Locales with complete UI texts. The API accepts only these. */
export const SUPPORTED_LOCALES = ['en-US', 'ja-JP'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

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

export const personNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(80, 'Name must be at most 80 characters');

export const storeNameSchema = z
  .string({ error: 'Store name is required' })
  .trim()
  .min(1, 'Store name is required')
  .max(80, 'Store name must be at most 80 characters');

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
