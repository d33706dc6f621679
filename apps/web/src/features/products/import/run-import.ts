import { ApiRequestError } from '../../../lib/api-error.ts';
import type { ImportResult, ImportRow } from '../api/import-products.ts';
import { batches } from './import-rows.ts';

export type SendBatch = (importId: string, batch: number, rows: ImportRow[]) => Promise<ImportResult>;

export interface ImportProgress {
  sentRows: number;
  totalRows: number;
}

export interface ImportSummary extends ImportResult {
  /** True when the import stopped early (free limit, or an error after retries). */
  stopped: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sends rows in batches of 1000 under one importId. A batch whose answer is lost (network, 5xx) is
 * sent again with the same importId and batch number, which the server applies once. Stops at the
 * free limit.
 */
export async function runImport(
  rows: ImportRow[],
  send: SendBatch,
  onProgress: (p: ImportProgress) => void,
  options: { importId?: string; batchSize?: number; retries?: number; retryDelayMs?: number } = {},
): Promise<ImportSummary> {
  const importId = options.importId ?? crypto.randomUUID();
  const { batchSize = 1000, retries = 3, retryDelayMs = 1000 } = options;
  const total: ImportSummary = {
    created: 0,
    updated: 0,
    unchanged: 0,
    errors: [],
    limitReached: false,
    stopped: false,
  };
  let sentRows = 0;
  onProgress({ sentRows, totalRows: rows.length });
  const parts = batches(rows, batchSize);
  for (let batch = 0; batch < parts.length; batch++) {
    const part = parts[batch]!;
    let result: ImportResult | undefined;
    for (let attempt = 0; ; attempt++) {
      try {
        result = await send(importId, batch, part);
        break;
      } catch (error) {
        const retryable = !(error instanceof ApiRequestError) || error.status >= 500;
        if (!retryable || attempt >= retries) throw error;
        await sleep(retryDelayMs * (attempt + 1));
      }
    }
    total.created += result.created;
    total.updated += result.updated;
    total.unchanged += result.unchanged;
    total.errors.push(...result.errors);
    sentRows += part.length;
    onProgress({ sentRows, totalRows: rows.length });
    if (result.limitReached) {
      total.limitReached = true;
      total.stopped = batch < parts.length - 1;
      break;
    }
  }
  return total;
}
