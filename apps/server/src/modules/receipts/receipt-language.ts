import { RECEIPT_LANGUAGES, type ReceiptLanguage } from '@shopdesk/shared';

/**
 * The public receipt page's language (product.md §6): the store's, unless its reader switched it on
 * the page. The switch is a plain link (`?lang=ja`), so the page needs no script for it; the pick is
 * kept in a cookie of the receipt pages only, so the reader's next receipt opens in it too.
 */
const COOKIE = 'receipt_lang';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

const isLanguage = (value: unknown): value is ReceiptLanguage =>
  typeof value === 'string' && (RECEIPT_LANGUAGES as readonly string[]).includes(value);

/** The language the reader picked: this request's `?lang=` (then `fresh`), else the kept cookie. */
export function pickedLanguage(
  query: unknown,
  cookieHeader: string | undefined,
): { language: ReceiptLanguage; fresh: boolean } | null {
  const asked = (query as { lang?: unknown } | undefined)?.lang;
  if (isLanguage(asked)) return { language: asked, fresh: true };
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === COOKIE && isLanguage(value)) return { language: value, fresh: false };
  }
  return null;
}

/** The Set-Cookie that keeps the reader's pick for the receipt pages. */
export function languageCookie(language: ReceiptLanguage): string {
  return `${COOKIE}=${language}; Path=/receipt; Max-Age=${YEAR_SECONDS}; SameSite=Lax; HttpOnly`;
}
