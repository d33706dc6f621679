import { RECEIPT_LANGUAGES, type ReceiptLanguage } from '@shopdesk/shared';

/**
 * The language a reader picked for public receipts on this device. Until they pick one, a receipt
 * shows in its store's language (PublicReceipt.store.language), not in the app's: it is the store's
 * document. The server's receipt page keeps the same pick in a cookie.
 */
const KEY = 'shopdesk.receiptLanguage';

export function pickedReceiptLanguage(): ReceiptLanguage | null {
  try {
    const value = localStorage.getItem(KEY);
    return (RECEIPT_LANGUAGES as readonly string[]).includes(value ?? '') ? (value as ReceiptLanguage) : null;
  } catch {
    return null; // No storage: the store's language.
  }
}

export function keepReceiptLanguage(language: ReceiptLanguage): void {
  try {
    localStorage.setItem(KEY, language);
  } catch {
    // Kept for this visit only (the page's state holds it).
  }
}

/** The formatting locale of a receipt language (dates, numbers). */
export const receiptLocaleOf = (language: ReceiptLanguage) => (language === 'ja' ? 'ja-JP' : 'en-US');
