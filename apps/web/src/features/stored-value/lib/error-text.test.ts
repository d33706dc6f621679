import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-error.ts';
import type { TFunction } from '../../../lib/i18n/types.ts';
import { isLedgerRefusal, storedValueErrorText } from './error-text.ts';

const t = ((key: string) => key) as TFunction;
const refusal = (status: number, code: string) =>
  new ApiRequestError(status, 'Conflict', { message: 'The server says so', code });

describe('storedValueErrorText', () => {
  it("says the ledger's refusals in this screen's words", () => {
    expect(storedValueErrorText(t, refusal(409, 'INSUFFICIENT_BALANCE'))).toBe('giftCards.errors.insufficient');
    expect(storedValueErrorText(t, refusal(409, 'CARD_UNAVAILABLE'))).toBe('giftCards.errors.unavailable');
    expect(storedValueErrorText(t, refusal(409, 'CLIENT_ID_REUSED'))).toBe('giftCards.errors.clientIdReused');
    expect(storedValueErrorText(t, refusal(404, 'NOT_FOUND'))).toBe('giftCards.errors.notFound');
    expect(isLedgerRefusal(refusal(409, 'INSUFFICIENT_BALANCE'))).toBe(true);
    expect(isLedgerRefusal(refusal(400, 'VALIDATION_ERROR'))).toBe(false);
  });
});
