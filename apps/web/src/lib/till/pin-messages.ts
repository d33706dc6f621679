import { ApiRequestError } from '../api-error.ts';
import { describeError } from '../describe-error.ts';
import type { TFunction } from '../i18n/types.ts';

/**
 * What a failed PIN call says to the person at the till: a throttled one how long to wait (from
 * Retry-After, in the reader's language), anything else as the API said it.
 */
export function describePinError(t: TFunction, error: unknown, kind: 'tries' | 'changes'): string {
  if (error instanceof ApiRequestError && error.status === 429 && error.retryAfterMs !== null) {
    const seconds = Math.max(1, Math.ceil(error.retryAfterMs / 1000));
    const wait =
      seconds < 60
        ? t('till.waitSeconds', { count: seconds })
        : t('till.waitMinutes', { count: Math.ceil(seconds / 60) });
    return t(kind === 'tries' ? 'till.tooManyTries' : 'till.tooManyChanges', { wait });
  }
  return describeError(t, error);
}
