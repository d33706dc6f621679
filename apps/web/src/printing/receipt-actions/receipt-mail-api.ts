import type { Customer, CustomerAtCounter, ReceiptMailBody, ShopTransaction } from '@shopdesk/shared';
import { secureApi } from '../../lib/api-client.ts';

/** Who a sale's receipt mail is for: whether the sale has a customer, and their address when the caller may see it. */
export interface ReceiptMailTarget {
  hasCustomer: boolean;
  /** The customer's address on file: only members who see customers' details get it (else ''). */
  email: string;
}

const salePath = (code: string) => `/api/secure/shop/transaction/${encodeURIComponent(code)}`;

/**
 * The sale's customer, read when the form opens (the counter's cart holds only the counter's view
 * of a customer, which has no address). A cashier is answered the counter's view: no address, no
 * prefill; anything failing leaves the field empty rather than keeping the form from showing.
 */
export async function receiptMailTarget(code: string, signal?: AbortSignal): Promise<ReceiptMailTarget> {
  const sale = await secureApi.request<ShopTransaction>(salePath(code), { signal });
  const id = sale.customer?.id;
  if (!id) return { hasCustomer: false, email: '' };
  try {
    const customer = await secureApi.request<Customer | CustomerAtCounter>(
      `/api/secure/customer/${encodeURIComponent(id)}`,
      { signal },
    );
    return { hasCustomer: true, email: 'email' in customer ? customer.email : '' };
  } catch {
    return { hasCustomer: true, email: '' };
  }
}

/** Mails the sale's receipt (202 `{sent: true}`; 429 past the store's, address's or member's limit). */
export function mailReceipt(code: string, body: ReceiptMailBody): Promise<{ sent: true }> {
  return secureApi.request<{ sent: true }>(`${salePath(code)}/receipt-mail`, { method: 'POST', body });
}
