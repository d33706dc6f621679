import { randomInt } from 'node:crypto';
import {
  foldSearchText,
  nameSearchKeys,
  phoneDigits,
  type Customer,
  type CustomerAtCounter,
  type UpdateCustomerBodySchema,
} from '@shopdesk/shared';
import type { z } from 'zod';
import { newId } from '../../lib/ids.ts';
import type { CustomerRow } from './customers.repo.ts';

export type CustomerInput = z.output<typeof UpdateCustomerBodySchema>;

/** The columns a person's input sets, derived the same way for create, update and import. */
export function customerColumns(input: CustomerInput) {
  return {
    name: input.name,
    name_kana: input.nameKana,
    phone: input.phone,
    phone_digits: phoneDigits(input.phone),
    email: input.email,
    note: input.note,
    marketing_consent: input.marketingConsent ? 1 : 0,
  };
}

/**
 * What a customer is found by (customer-search.ts, the same folding as the counter's offline
 * search): name and furigana words, email, code and its digits, phone digits and their last four.
 */
export function searchKeysOf(c: {
  code: string;
  name: string;
  name_kana: string;
  email: string;
  phone_digits: string;
}) {
  const keys = [
    ...nameSearchKeys(c.name),
    ...nameSearchKeys(c.name_kana),
    foldSearchText(c.email),
    foldSearchText(c.code),
    c.code.replace(/\D+/g, ''),
    c.phone_digits,
    c.phone_digits.slice(-4),
  ];
  return [...new Set(keys.filter((k) => k.length > 0))];
}

/** A new member code: "M" and 10 digits from the CSPRNG (10^10 per store: a clash is retried). */
export function newMemberCode(): string {
  return `M${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
}

/** A scanned or typed member code as stored: NFKC (full-width digits), trimmed, upper case. */
export function normalizeCode(code: string): string {
  return code.normalize('NFKC').trim().toUpperCase();
}

export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    nameKana: row.name_kana,
    phone: row.phone,
    email: row.email,
    note: row.note,
    marketingConsent: Number(row.marketing_consent) === 1,
    pointsBalance: Number(row.points_balance),
    visits: Number(row.visits),
    totalSpent: Number(row.total_spent),
    lastVisitAt: row.last_visit_at,
    createdAt: row.created_at,
  };
}

/** The counter's view: enough to pick the right person and use their points, nothing else. */
export function toCustomerAtCounter(row: CustomerRow): CustomerAtCounter {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    nameKana: row.name_kana,
    pointsBalance: Number(row.points_balance),
    phoneLast4: row.phone_digits.slice(-4),
  };
}

/** A new customer's row: no points, no visits yet; `clientId` (a device's, or an import line's) makes it once. */
export function newCustomerRow(
  storeId: string,
  input: CustomerInput,
  options: { code: string; clientId: string | null; requestHash: string | null; userId: string; now: string },
): CustomerRow {
  return {
    store_id: storeId,
    id: newId(),
    code: options.code,
    client_id: options.clientId,
    request_hash: options.requestHash,
    ...customerColumns(input),
    points_balance: 0,
    visits: 0,
    total_spent: 0,
    last_visit_at: null,
    created_at: options.now,
    updated_at: options.now,
    created_by: options.userId,
    deleted_at: null,
  };
}
