import type { StoredValueAccount, StoredValueFilter } from '@shopdesk/shared';

/** What the list and a card's page show: the stored status, or what the dates and balance make of it. */
export type ShownStatus = NonNullable<StoredValueFilter['status']>;
export const SHOWN_STATUSES: readonly ShownStatus[] = ['ACTIVE', 'BLOCKED', 'EXPIRED', 'EMPTY'];

/**
 * A card is BLOCKED while blocked (whatever else holds), else EXPIRED once its last usable date
 * (the store's date) is behind `today`, else EMPTY at a zero balance, else ACTIVE: the order the
 * counter refuses it in, so the badge says why a card is refused.
 */
export function shownStatus(
  account: Pick<StoredValueAccount, 'status' | 'expiresAt' | 'balance'>,
  today: string,
): ShownStatus {
  if (account.status === 'BLOCKED') return 'BLOCKED';
  if (account.expiresAt !== null && account.expiresAt < today) return 'EXPIRED';
  if (account.balance <= 0) return 'EMPTY';
  return 'ACTIVE';
}

export const STATUS_COLOR: Record<ShownStatus, string> = {
  ACTIVE: 'teal',
  BLOCKED: 'red',
  EXPIRED: 'gray',
  EMPTY: 'yellow',
};
