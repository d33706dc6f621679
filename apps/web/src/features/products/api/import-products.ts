import type { ImportBatchResult, ImportCheckResult, ImportRow } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';

export type { ImportRow, ImportCheckResult };
export type ImportResult = ImportBatchResult;

/**
 * Sends one batch. The server remembers (importId, batch), so sending the same batch again after a
 * lost answer does not apply it twice.
 */
export function importBatch(store: string, importId: string, batch: number, rows: ImportRow[]) {
  return secureApi.request<ImportBatchResult>('/api/secure/product/import', {
    method: 'POST',
    body: { importId, batch, rows },
    store,
  });
}

/** Which of these codes (at most 1000) the store has, and how many new products still fit. */
export function checkImportCodes(store: string, codes: string[]) {
  return secureApi.request<ImportCheckResult>('/api/secure/product/import/check', {
    method: 'POST',
    body: { codes },
    store,
  });
}
