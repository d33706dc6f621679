import { ApiRequestError } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/describe-error.ts';
import type { TFunction } from '../../../lib/i18n/types.ts';

const LEDGER_REFUSALS = new Set(['INSUFFICIENT_BALANCE', 'CARD_UNAVAILABLE', 'CLIENT_ID_REUSED']);

/** Whether the ledger refused the action (said in this screen's words, not as the server's field message). */
export function isLedgerRefusal(error: unknown): boolean {
  return error instanceof ApiRequestError && LEDGER_REFUSALS.has(error.code ?? '');
}

/**
 * The sentence for a failed card action: the ledger's refusals (not enough balance, a blocked or
 * expired card, a retried adjustment that differs, an unknown card) in this screen's words, any
 * other failure as the app says it everywhere.
 */
export function storedValueErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiRequestError) {
    switch (error.code) {
      case 'INSUFFICIENT_BALANCE':
        return t('giftCards.errors.insufficient');
      case 'CARD_UNAVAILABLE':
        return t('giftCards.errors.unavailable');
      case 'CLIENT_ID_REUSED':
        return t('giftCards.errors.clientIdReused');
    }
    if (error.status === 404) return t('giftCards.errors.notFound');
    if (error.status === 409) return t('giftCards.errors.conflict');
  }
  return describeError(t, error);
}
