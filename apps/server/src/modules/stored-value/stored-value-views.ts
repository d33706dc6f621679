import {
  STORED_VALUE_ENTRY_KINDS,
  seesCustomerDetails,
  type StoredValueAccount,
  type StoredValueDetail,
  type StoredValueEntry,
  type StoredValueEntryKind,
  type StoredValueKind,
  type StoredValueStatus,
} from '@shopdesk/shared';
import type { StoreRights } from '@shopdesk/shared';
import type { AccountRow, EntryRow } from './stored-value.repo.ts';

/** An account as the API shows it; its customer as they are now ('' once anonymised). */
export function toAccount(row: AccountRow): StoredValueAccount {
  return {
    id: row.id,
    kind: row.kind as StoredValueKind,
    code: row.code,
    customer: row.customer_id
      ? { id: row.customer_id, code: row.customer_code ?? '', name: row.customer_name ?? '' }
      : null,
    currency: row.currency,
    balance: Number(row.balance),
    issued: Number(row.issued),
    expiresAt: row.expires_at,
    status: row.status as StoredValueStatus,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

const asKind = (kind: string): StoredValueEntryKind =>
  (STORED_VALUE_ENTRY_KINDS as readonly string[]).includes(kind) ? (kind as StoredValueEntryKind) : 'ADJUST';

export function toEntry(row: EntryRow): StoredValueEntry {
  return {
    id: row.id,
    kind: asKind(row.kind),
    amount: Number(row.amount),
    balanceAfter: Number(row.balance_after),
    saleCode: row.sale_code ?? null,
    refundId: row.refund_id,
    userName: row.user_name ?? null,
    note: row.note,
    at: row.at,
  };
}

/**
 * The full detail with REPORTS; the counter's view otherwise (a seller taking a card as a tender):
 * the balance, status and expiry, without whose it is or what it was spent on.
 */
export function detailFor(rights: StoreRights, row: AccountRow, entries: () => Promise<EntryRow[]>) {
  if (!seesCustomerDetails(rights)) {
    return Promise.resolve<StoredValueDetail>({ account: { ...toAccount(row), customer: null }, entries: [] });
  }
  return entries().then((list): StoredValueDetail => ({ account: toAccount(row), entries: list.map(toEntry) }));
}
