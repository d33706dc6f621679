import { IMPORT_BATCH_MAX_ROWS, type ImportBatchResult } from '@shopdesk/shared';
import { ApiRequestError } from '../../lib/api-error.ts';

/**
 * The CSV imports' shared runner (products, customers): rows of any shape sent in batches under one
 * importId, with the same answer shape (ImportBatchResult) and the same summary.
 */
type ImportResult = ImportBatchResult;

export type SendBatch<R> = (importId: string, batch: number, rows: R[]) => Promise<ImportResult>;

/** Splits rows into batches of at most `size` (the import endpoints take up to 1000 rows a call). */
export function batches<T>(rows: T[], size = IMPORT_BATCH_MAX_ROWS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

export interface ImportProgress {
  sentRows: number;
  totalRows: number;
  /** Set while the server asked us to wait (429 with Retry-After) before sending again. */
  waitingMs?: number;
}

/**
 * What an import did. Every row read lands in exactly one count:
 * created + updated + unchanged + limited + rejected = rowsRead (see `summaryAddsUp`).
 */
export interface ImportSummary {
  rowsRead: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Rows that would have added a product (a customer) past the free plan's limit. */
  limited: number;
  /** Rows refused for their content; `errors` says why, by line and field. */
  rejected: number;
  errors: ImportResult['errors'];
  limitReached: boolean;
  firstLimitedLine: number | null;
}

export const summaryAddsUp = (s: ImportSummary) =>
  s.created + s.updated + s.unchanged + s.limited + s.rejected === s.rowsRead;

export interface RunImportOptions {
  importId?: string;
  batchSize?: number;
  /** Sends again after a lost answer (network, 5xx) this many times. */
  retries?: number;
  retryDelayMs?: number;
  /** How many times a 429 is waited out (Retry-After, else `retryDelayMs`) before giving up. */
  busyWaits?: number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const BUSY_WAIT_MAX_MS = 60_000;

function addResult(total: ImportSummary, result: ImportResult) {
  total.created += result.created;
  total.updated += result.updated;
  total.unchanged += result.unchanged;
  total.limited += result.limited;
  total.rejected += result.rejected;
  total.errors.push(...result.errors);
  if (result.firstLimitedLine !== null && total.firstLimitedLine === null) {
    total.firstLimitedLine = result.firstLimitedLine;
  }
  total.limitReached ||= result.limitReached;
}

/**
 * Sends rows in batches under one importId. A batch whose answer is lost (network, 5xx) is sent
 * again with the same importId and batch number, which the server applies once; a 429 is waited
 * out for as long as Retry-After asks. Past the free limit every batch is still sent: its rows that
 * update products the store has are applied (they use no slot), the others are counted as limited.
 */
export async function runImport<R>(
  rows: R[],
  send: SendBatch<R>,
  onProgress: (p: ImportProgress) => void,
  options: RunImportOptions = {},
): Promise<ImportSummary> {
  const importId = options.importId ?? crypto.randomUUID();
  const { batchSize = 1000, retries = 3, retryDelayMs = 1000, busyWaits = 30 } = options;
  const sleep = options.sleep ?? defaultSleep;
  const total: ImportSummary = {
    rowsRead: rows.length,
    created: 0,
    updated: 0,
    unchanged: 0,
    limited: 0,
    rejected: 0,
    errors: [],
    limitReached: false,
    firstLimitedLine: null,
  };
  let sentRows = 0;
  onProgress({ sentRows, totalRows: rows.length });
  const parts = batches(rows, batchSize);
  for (let batch = 0; batch < parts.length; batch++) {
    const part = parts[batch]!;
    let failures = 0;
    let waits = 0;
    for (;;) {
      try {
        addResult(total, await send(importId, batch, part));
        break;
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 429 && waits < busyWaits) {
          waits++;
          const ms = Math.min(error.retryAfterMs ?? retryDelayMs, BUSY_WAIT_MAX_MS);
          onProgress({ sentRows, totalRows: rows.length, waitingMs: ms });
          await sleep(ms);
          continue;
        }
        const retryable = !(error instanceof ApiRequestError) || error.status >= 500;
        if (!retryable || failures >= retries) throw error;
        failures++;
        await sleep(retryDelayMs * failures);
      }
    }
    sentRows += part.length;
    onProgress({ sentRows, totalRows: rows.length });
  }
  total.errors.sort((a, b) => a.line - b.line);
  return total;
}
