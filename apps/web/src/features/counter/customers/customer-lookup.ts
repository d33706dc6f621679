import { onlineManager } from '@tanstack/react-query';
import { phoneDigits } from '@shopdesk/shared';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { LOCAL_CUSTOMER_PREFIX } from '../../../sync/sale-queue-db.ts';
import { submitCustomer } from '../../../sync/submit-customer.ts';
import type { CounterCustomer } from '../cart/cart.ts';
import { customerByCode, postCustomer, searchCustomers } from './customer-api.ts';
import { recentByCode, rememberCustomers, searchRecent } from './customer-db.ts';

/**
 * Finding and creating customers at the counter, online or not (loaded on first use, not with the
 * counter). Whatever the server answers is kept on the device (customer-db.ts), so the same
 * search or card scan still works when the connection drops; offline, this device's copy answers.
 */

/** The server could not be asked (offline, no answer): the device's copy answers instead. */
const unreachable = (e: unknown) => !(e instanceof ApiRequestError) || e.status >= 500 || e.status === 408;

const keep = (store: string, customers: CounterCustomer[]) =>
  void rememberCustomers(store, customers).catch((e: unknown) => console.warn('Could not keep customers', e));

export interface CustomerSearch {
  customers: CounterCustomer[];
  /** From this device's copy of recently seen customers (offline). */
  local: boolean;
}

export async function findCustomers(store: string, q: string, signal?: AbortSignal): Promise<CustomerSearch> {
  if (onlineManager.isOnline()) {
    try {
      const customers = await searchCustomers(store, q, signal);
      keep(store, customers);
      return { customers, local: false };
    } catch (e) {
      if (!unreachable(e)) throw e;
    }
  }
  return { customers: await searchRecent(store, q), local: true };
}

/** A member card scanned: the customer, or null when the store has no such member (or it is not on this device offline). */
export async function findByCode(store: string, code: string): Promise<CounterCustomer | null> {
  if (onlineManager.isOnline()) {
    try {
      const customer = await customerByCode(store, code);
      keep(store, [customer]);
      return customer;
    } catch (e) {
      if (e instanceof ApiRequestError && e.status === 404) return null;
      if (!unreachable(e)) throw e;
    }
  }
  return recentByCode(store, code);
}

/** Attached: kept as seen now, so it comes first in an offline search. */
export function noteAttached(store: string, customer: CounterCustomer): void {
  keep(store, [customer]);
}

export type CreateOutcome = { ok: true; customer: CounterCustomer; queued: boolean } | { ok: false; error: unknown };

/**
 * A customer created on the spot from a name or a phone. Offline it is queued in the device's
 * outbox before the sale that uses it and attached as `local:{clientId}` until it syncs.
 */
export async function createAtCounter(store: string, input: { name: string; phone: string }): Promise<CreateOutcome> {
  const body = { clientId: crypto.randomUUID(), name: input.name.trim(), phone: input.phone.trim() };
  try {
    const result = await submitCustomer(store, body, (b, signal) => postCustomer(store, b, { signal }));
    if (result.kind === 'refused') return { ok: false, error: result.error };
    const customer: CounterCustomer =
      result.kind === 'stored'
        ? result.customer
        : {
            id: `${LOCAL_CUSTOMER_PREFIX}${body.clientId}`,
            clientId: body.clientId,
            code: '',
            name: body.name,
            nameKana: '',
            pointsBalance: 0,
            phoneLast4: phoneDigits(body.phone).slice(-4),
          };
    keep(store, [customer]);
    return { ok: true, customer, queued: result.kind === 'queued' };
  } catch (error) {
    return { ok: false, error };
  }
}
