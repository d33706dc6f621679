import { setImmediate as nextTurn } from 'node:timers/promises';
import { ErrorCode, type CurrencyCode, type ImportBatchBody, type ImportBatchResult } from '@shopdesk/shared';
import { isUniqueViolation } from '../../db/database.ts';
import { iso } from '../../lib/clock.ts';
import { AppError } from '../../core/errors.ts';
import type { AppContext } from '../../lib/context.ts';
import type { Scope } from '../access/index.ts';
import { applyImportChunkTask, type ChunkResult, type ImportChunk, type Outcome } from './import-apply.ts';
import { findImportBatch, keepImportBatch } from '../imports/index.ts';
import { recordAudit } from '../audit/index.ts';
import { parseImportRow, type ParsedRow, type RowError } from './import-rows.ts';
import { refreshStatisticsAfterImport } from './catalogue-statistics.ts';

/**
 * Codes applied per transaction (one write task, import-apply.ts). On SQLite it runs in the write
 * worker, so it no longer takes the event loop, but every other write of the process (other
 * stores' sales) waits for it: 100 codes keep that wait to a few milliseconds. On PostgreSQL a
 * chunk is a statement per table in the database's own process, and other stores never wait for
 * it (their rows and locks are their own): bigger chunks, fewer round trips and commits (100-code
 * chunks were ~1,000 commits and ~15,000 round trips for 100,000 rows).
 */
const CHUNK = 100;
const PG_CHUNK = 500;
/** A chunk that lost a race for a new code to a concurrent import is applied again (the code now exists). */
const CHUNK_TRIES = 3;

/**
 * Imports one batch of CSV rows (at most 1000). Bad rows are reported by line and the good ones
 * imported. A known code updates the product's given fields (never its quantity); a new code
 * creates it with the row's quantity as opening stock; rows are applied in order, so a code
 * repeated later in the batch updates the product the earlier line made.
 *
 * Rows with a handle are the variants of one item (import-variants.ts); all rows of a handle, and
 * all lines of a code, are applied in the same one of the batch's small transactions, and
 * its result is stored last, in a transaction answered only once a sync covers it and every chunk
 * before it (on SQLite the chunks themselves are answered at their commit: import-apply.ts). A
 * batch sent again (same importId and batch) returns the stored first result and changes nothing. A batch interrupted half way (a crash, a lost connection) is simply
 * sent again: its applied part is found unchanged, the rest is applied, each product exists once
 * and its opening stock was recorded once.
 */
export async function importBatch(ctx: AppContext, scope: Scope, body: ImportBatchBody): Promise<ImportBatchResult> {
  const { store } = scope;
  const done = await findImportBatch(ctx.db, store.id, body.importId, body.batch);
  if (done) return done;

  const currency = store.main_currency as CurrencyCode;
  const errors: RowError[] = [];
  let rejected = 0;
  // Lines by what must be applied together: all rows of a handle (one item), else all rows of a code.
  const groups = new Map<string, ParsedRow[]>();
  const keyOfCode = new Map<string, { key: string; line: number }>();
  for (const [i, row] of body.rows.entries()) {
    if (i > 0 && i % CHUNK === 0) await nextTurn();
    const result = parseImportRow(row, currency);
    if (Array.isArray(result)) {
      errors.push(...result);
      rejected++;
      continue;
    }
    const { code } = result.product;
    const key = result.item.handle === null ? `code:${code}` : `handle:${result.item.handle}`;
    const first = keyOfCode.get(code);
    if (first && first.key !== key) {
      errors.push({
        line: result.line,
        field: 'code',
        message: `This barcode is already on line ${first.line} of another item`,
      });
      rejected++;
      continue;
    }
    if (!first) keyOfCode.set(code, { key, line: result.line });
    const group = groups.get(key);
    if (group) group.push(result);
    else groups.set(key, [result]);
  }
  const at = iso(ctx.clock.now());
  const counts: Record<Outcome, number> = { created: 0, updated: 0, unchanged: 0 };
  let limitReached = false;
  const limitedLines: number[] = [];
  const chunk = ctx.dbKind === 'postgres' ? PG_CHUNK : CHUNK;
  const apply = async (lines: ParsedRow[]) => {
    const applied = await applyWithRetry(ctx, {
      storeId: store.id,
      ownerId: store.owner_id,
      userId: scope.userId,
      importId: body.importId,
      lines,
      at,
      dbKind: ctx.dbKind,
      freeLimits: ctx.config.freeLimits,
    });
    for (const outcome of ['created', 'updated', 'unchanged'] as const) counts[outcome] += applied.counts[outcome];
    limitedLines.push(...applied.limitedLines);
    limitReached ||= applied.limitReached;
    errors.push(...applied.errors);
    rejected += applied.errors.length;
  };
  // About `chunk` codes a transaction, never splitting a group.
  let lines: ParsedRow[] = [];
  for (const group of groups.values()) {
    lines.push(...group);
    if (lines.length < chunk) continue;
    await apply(lines);
    lines = [];
  }
  if (lines.length > 0) await apply(lines);
  // Every row lands in exactly one count: created + updated + unchanged + limited + rejected = rows.
  const result: ImportBatchResult = {
    ...counts,
    errors: errors.sort((a, b) => a.line - b.line),
    limitReached,
    limited: limitedLines.length,
    firstLimitedLine: limitedLines.length > 0 ? Math.min(...limitedLines) : null,
    rejected,
  };
  // The same batch sent twice at once: the first stored result is the answer to both.
  // One audit event per batch, with the batch kept: a batch sent again is not recorded twice.
  const stored = await ctx.db.transaction().execute(async (trx) => {
    const kept = await keepImportBatch(trx, {
      storeId: store.id,
      importId: body.importId,
      batch: body.batch,
      result,
      at,
    });
    if (kept.kept) {
      await recordAudit(trx, scope, {
        action: 'PRODUCT_IMPORT',
        entity: 'PRODUCT',
        // created/updated/unchanged/refused: numbers the screen words in its language.
        summary: [counts.created, counts.updated, counts.unchanged, rejected + limitedLines.length].join('/'),
        at: ctx.clock.now(),
      });
    }
    return kept.result;
  });
  if (counts.created > 0) refreshStatisticsAfterImport(ctx);
  return stored;
}

async function applyWithRetry(ctx: AppContext, chunk: ImportChunk): Promise<ChunkResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.runWrite(applyImportChunkTask, chunk);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt >= CHUNK_TRIES) {
        throw new AppError(
          409,
          ErrorCode.CONFLICT,
          'Another import is adding the same products right now. Please send this batch again.',
        );
      }
    }
  }
}
