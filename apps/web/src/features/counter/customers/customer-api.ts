import type { CreateCustomerBody, Customer, CustomerAtCounter } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';

/** The counter's calls to the customers routes (product.md §6), as the counter's view of a customer. */
const base = '/api/secure/customer';

/** What the search answers: full records for REPORTS, the counter's view otherwise; both read as the counter's. */
type Found = CustomerAtCounter | Customer;

export function atCounter(c: Found): CustomerAtCounter {
  const phoneLast4 = 'phoneLast4' in c ? c.phoneLast4 : c.phone.replace(/\D/g, '').slice(-4);
  return { id: c.id, code: c.code, name: c.name, nameKana: c.nameKana, pointsBalance: c.pointsBalance, phoneLast4 };
}

export async function searchCustomers(store: string, q: string, signal?: AbortSignal): Promise<CustomerAtCounter[]> {
  const window = await secureApi.request<{ items: Found[] }>(`${base}/search/window/0/20?q=${encodeURIComponent(q)}`, {
    store,
    ...(signal ? { signal } : {}),
  });
  return window.items.map(atCounter);
}

export async function customerByCode(store: string, code: string): Promise<CustomerAtCounter> {
  const normalized = code.normalize('NFKC').trim().toUpperCase();
  return atCounter(await secureApi.request<Found>(`${base}/code/${encodeURIComponent(normalized)}`, { store }));
}

export async function customerById(store: string, id: string): Promise<CustomerAtCounter> {
  return atCounter(await secureApi.request<Found>(`${base}/${encodeURIComponent(id)}`, { store }));
}

export async function postCustomer(
  store: string,
  body: CreateCustomerBody,
  opts: { signal?: AbortSignal; tillMember?: string | null } = {},
): Promise<CustomerAtCounter> {
  return atCounter(
    await secureApi.request<Found>(base, {
      method: 'POST',
      body,
      store,
      ...(opts.signal ? { signal: opts.signal } : {}),
      ...(opts.tillMember !== undefined ? { tillMember: opts.tillMember } : {}),
    }),
  );
}
