import { ApiRequestError } from '../api-error.ts';
import { describeError } from '../describe-error.ts';
import type { TFunction } from '../i18n/types.ts';
import { isOfflineRefusal } from './offline-tries.ts';

/** A wait in the reader's language: seconds below a minute, else whole minutes. */
function describeWait(t: TFunction, ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 60
    ? t('till.waitSeconds', { count: seconds })
    : t('till.waitMinutes', { count: Math.ceil(seconds / 60) });
}

/**
 * What a failed PIN call says to the person at the till: a throttled one how long to wait (from
 * Retry-After, or from the till's own offline count, in the reader's language), a member locked
 * on this till offline what lifts it, anything else as the API said it.
 */
export function describePinError(t: TFunction, error: unknown, kind: 'tries' | 'changes'): string {
  if (isOfflineRefusal(error)) {
    return error.kind === 'locked'
      ? t('till.lockedOffline')
      : t('till.tooManyTries', { wait: describeWait(t, error.ms) });
  }
  if (error instanceof ApiRequestError && error.status === 429 && error.retryAfterMs !== null) {
    const wait = describeWait(t, error.retryAfterMs);
    return t(kind === 'tries' ? 'till.tooManyTries' : 'till.tooManyChanges', { wait });
  }
  return describeError(t, error);
}
