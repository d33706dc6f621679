import { randomUUID } from 'node:crypto';
import { CASH_DENOMINATIONS, type CurrencyCode, type DenominationCount } from '@shopdesk/shared';
import { expect } from 'vitest';
import type { TestUser } from '../../test/factories.ts';
import type { TestApp } from '../../test/harness.ts';

/** Helpers of the shift tests: a store with shifts on, and the calls a till makes. */

export async function enableShifts(t: TestApp, u: TestUser, on = true): Promise<void> {
  const res = await t.request('PUT', `/api/secure/virtual-store/${u.store.urlName}/sale-settings`, {
    token: u.token,
    body: { taxMode: 'NONE', defaultTaxRate: 0, cashRounding: 0, shiftsEnabled: on },
  });
  expect(res.status, res.text).toBe(200);
  expect(res.body.shiftsEnabled).toBe(on);
}

export async function setYenRate(t: TestApp, u: TestUser): Promise<void> {
  const res = await t.request('PUT', `/api/secure/virtual-store/${u.store.urlName}/exchange-rate`, {
    token: u.token,
    body: { rate: '150' },
  });
  expect(res.status, res.text).toBe(200);
}

export const openShift = (t: TestApp, u: TestUser, float: { currency: string; amount: number }[]) =>
  t.request('POST', '/api/secure/shop/shift', { token: u.token, body: { float } });

export const cashMove = (
  t: TestApp,
  u: TestUser,
  id: string,
  kind: 'PAY_IN' | 'PAY_OUT',
  currency: string,
  amount: number,
  clientId = randomUUID(),
) =>
  t.request('POST', `/api/secure/shop/shift/${id}/cash-move`, {
    token: u.token,
    body: { clientId, kind, currency, amount, reason: kind === 'PAY_IN' ? 'Change from the bank' : 'Window cleaner' },
  });

export const closeShift = (t: TestApp, u: TestUser, id: string, counts: unknown) =>
  t.request('POST', `/api/secure/shop/shift/${id}/close`, { token: u.token, body: { counts } });

export const readShift = (t: TestApp, u: TestUser, id: string) =>
  t.request('GET', `/api/secure/shop/shift/${id}`, { token: u.token });

export const sell = (
  t: TestApp,
  u: TestUser,
  unitPrice: number,
  payment: { method: string; currency: string; amount: number },
) =>
  t.request('POST', '/api/secure/shop/transaction', {
    token: u.token,
    body: { clientId: randomUUID(), status: 'COMPLETED', lines: [{ name: 'Tea', unitPrice, quantity: 1 }], payment },
  });

export const refundAll = (t: TestApp, u: TestUser, code: string) =>
  t.request('POST', `/api/secure/shop/transaction/${code}/refund`, {
    token: u.token,
    body: { clientId: randomUUID() },
  });

/** The notes and coins that make `amount` (largest first), as a cashier would count them. */
export function countOf(amount: number, currency: CurrencyCode): DenominationCount[] {
  let left = Math.max(0, amount);
  const counts: DenominationCount[] = [];
  for (const d of CASH_DENOMINATIONS[currency]) {
    const count = Math.floor(left / d.value);
    if (count > 0) counts.push({ value: d.value, count });
    left -= count * d.value;
  }
  return counts;
}
