import type { CustomerImportRow, ImportBatchResult, ImportCheckResult } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';

/**
 * One CSV line of a customer import as read on the device (the shared schema's type): matched by
 * member code when it has one, else a new customer; the server reports bad rows by line and field.
 */
export type { CustomerImportRow };

/** Sends one batch; the same importId and batch sent again answers the first result. */
export function importCustomerBatch(store: string, importId: string, batch: number, rows: CustomerImportRow[]) {
  return secureApi.request<ImportBatchResult>('/api/secure/customer/import/batch', {
    method: 'POST',
    body: { importId, batch, rows },
    store,
  });
}

/** Which of these member codes the store has, and how many new customers the plan still allows. */
export function checkCustomerImport(store: string, codes: string[]) {
  return secureApi.request<ImportCheckResult>('/api/secure/customer/import/check', {
    method: 'POST',
    body: { codes },
    store,
  });
}
