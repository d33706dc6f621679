import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  ErrorCode,
  type CustomerImportBatchBody,
  type CustomerImportCheckBody,
  type ImportBatchResult,
  type ImportCheckResult,
} from '@shopdesk/shared';
import { isUniqueViolation, type DbOrTx } from '../../db/database.ts';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../core/errors.ts';
import type { RowError } from '../../lib/import-rows.ts';
import type { Scope } from '../access/index.ts';
import { recordAudit } from '../audit/index.ts';
import { claimSlots, remainingSlots } from '../plans/index.ts';
import { findImportBatch, keepImportBatch } from '../imports/index.ts';
import { customerColumns, newCustomerRow, newMemberCode, normalizeCode, searchKeysOf } from './customer-fields.ts';
import { parseCustomerRow, type ParsedCustomerRow } from './customer-import-rows.ts';
import * as repo from './customers.repo.ts';

/** Rows per transaction: a few milliseconds of writing, so other requests of the store go on between. */
const CHUNK = 250;
/** A chunk that lost a race for a code to a concurrent import is applied again. */
const CHUNK_TRIES = 3;
const LOOKUP_CHUNK = 250;

type Outcome = 'created' | 'updated' | 'unchanged';

interface ChunkResult {
  counts: Record<Outcome, number>;
  limitedLines: number[];
  limitReached: boolean;
  errors: RowError[];
}

const codeTakenError = (line: number): RowError => ({
  line,
  field: 'code',
  message: 'This member code is already taken in this store.',
});

/** A row without a code is made once per import line: a batch sent again finds it by this key. */
const importKey = (importId: string, line: number) => `import:${importId}:${line}`;

/**
 * One batch (≤ 1000 rows) of a customer CSV import, with the product import's rules and answers:
 * bad rows reported by line, the good ones applied in order in small transactions; a row naming a
 * member code the store has updates that customer's given fields, a new code is kept (a card from
 * another system), no code makes a new one. New customers claim free-plan slots of the store; rows
 * past the limit are `limited`. The result is kept, so the same importId + batch answers it again
 * and changes nothing; a batch cut off half way is sent again and finds its applied rows.
 */
export async function importCustomers(
  ctx: AppContext,
  scope: Scope,
  body: CustomerImportBatchBody,
): Promise<ImportBatchResult> {
  const { store } = scope;
  const done = await findImportBatch(ctx.db, store.id, body.importId, body.batch);
  if (done) return done;
  const errors: RowError[] = [];
  let rejected = 0;
  const rows: ParsedCustomerRow[] = [];
  for (const [i, row] of body.rows.entries()) {
    if (i > 0 && i % CHUNK === 0) await nextTurn();
    const result = parseCustomerRow(row);
    if (Array.isArray(result)) {
      errors.push(...result);
      rejected++;
    } else rows.push(result);
  }
  const counts: Record<Outcome, number> = { created: 0, updated: 0, unchanged: 0 };
  const limitedLines: number[] = [];
  let limitReached = false;
  // All lines of one code in the same chunk, so a later line updates what an earlier one made.
  for (const lines of chunksByCode(rows)) {
    const applied = await applyWithRetry(ctx, scope, body.importId, lines);
    for (const outcome of ['created', 'updated', 'unchanged'] as const) counts[outcome] += applied.counts[outcome];
    limitedLines.push(...applied.limitedLines);
    limitReached ||= applied.limitReached;
    errors.push(...applied.errors);
    rejected += applied.errors.length;
    await nextTurn();
  }
  const result: ImportBatchResult = {
    ...counts,
    errors: errors.sort((a, b) => a.line - b.line),
    limitReached,
    limited: limitedLines.length,
    firstLimitedLine: limitedLines.length > 0 ? Math.min(...limitedLines) : null,
    rejected,
  };
  return ctx.db.transaction().execute(async (trx) => {
    const kept = await keepImportBatch(trx, {
      storeId: store.id,
      importId: body.importId,
      batch: body.batch,
      result,
      at: iso(ctx.clock.now()),
    });
    if (kept.kept) {
      await recordAudit(trx, scope, {
        action: 'CUSTOMER_IMPORT',
        entity: 'CUSTOMER',
        summary: [counts.created, counts.updated, counts.unchanged, rejected + limitedLines.length].join('/'),
        at: ctx.clock.now(),
      });
    }
    return kept.result;
  });
}

function chunksByCode(rows: ParsedCustomerRow[]): ParsedCustomerRow[][] {
  const groups = new Map<string, ParsedCustomerRow[]>();
  for (const row of rows) {
    const key = row.code ?? `line:${row.line}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const chunks: ParsedCustomerRow[][] = [];
  let current: ParsedCustomerRow[] = [];
  for (const lines of groups.values()) {
    current.push(...lines);
    if (current.length >= CHUNK) {
      chunks.push(current);
      current = [];
    }
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

async function applyWithRetry(
  ctx: AppContext,
  scope: Scope,
  importId: string,
  lines: ParsedCustomerRow[],
): Promise<ChunkResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction().execute((trx) => applyChunk(trx, ctx, scope, importId, lines));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt >= CHUNK_TRIES) {
        throw new AppError(
          409,
          ErrorCode.CONFLICT,
          'Another import is adding the same customers right now. Please send this batch again.',
        );
      }
    }
  }
}

async function applyChunk(
  trx: DbOrTx,
  ctx: AppContext,
  scope: Scope,
  importId: string,
  lines: ParsedCustomerRow[],
): Promise<ChunkResult> {
  const { store } = scope;
  const codes = [...new Set(lines.flatMap((l) => (l.code ? [l.code] : [])))];
  const keys = lines.filter((l) => !l.code).map((l) => importKey(importId, l.line));
  const found = await repo.findByCodesOrClientIds(trx, store.id, codes, keys);
  const byCode = new Map(found.map((c) => [c.code, c]));
  const byKey = new Map(found.flatMap((c) => (c.client_id ? [[c.client_id, c] as const] : [])));
  const result: ChunkResult = {
    counts: { created: 0, updated: 0, unchanged: 0 },
    limitedLines: [],
    limitReached: false,
    errors: [],
  };
  const now = iso(ctx.clock.now());
  // Lines that make a customer, in order; a code's first line creates, its later lines update.
  const newCodes = new Set<string>();
  const firstLines = lines.filter((l) => {
    if (!l.code) return !byKey.has(importKey(importId, l.line));
    if (byCode.has(l.code) || newCodes.has(l.code)) return false;
    newCodes.add(l.code);
    return true;
  });
  const granted = await claimSlots(trx, ctx, store.owner_id, 'customers', firstLines.length, { storeId: store.id });
  const allowed = new Set(firstLines.slice(0, granted).map((l) => l.line));
  const inserts: repo.CustomerRow[] = [];
  const changed = new Map<string, repo.CustomerRow>();
  for (const line of lines) {
    const existing = line.code ? byCode.get(line.code) : byKey.get(importKey(importId, line.line));
    if (existing && existing.deleted_at !== null) {
      result.errors.push(codeTakenError(line.line));
      continue;
    }
    if (existing && !line.code) {
      // This line made it in an earlier sending of the batch (found by its import key).
      result.counts.unchanged++;
      continue;
    }
    if (existing) {
      const given = givenColumns(line);
      const row = existing as Record<string, unknown>;
      if (Object.entries(given).every(([column, value]) => row[column] === value)) {
        result.counts.unchanged++;
        continue;
      }
      const next = { ...existing, ...given, updated_at: now };
      byCode.set(line.code!, next);
      const made = inserts.findIndex((r) => r.id === existing.id);
      if (made >= 0) inserts[made] = next;
      else changed.set(existing.id, next);
      result.counts.updated++;
      continue;
    }
    if (!allowed.has(line.line)) {
      result.limitedLines.push(line.line);
      result.limitReached = true;
      continue;
    }
    const row = newCustomerRow(store.id, line.customer, {
      code: line.code ?? newMemberCode(),
      clientId: line.code ? null : importKey(importId, line.line),
      requestHash: null,
      userId: scope.userId,
      now,
    });
    inserts.push(row);
    if (line.code) byCode.set(line.code, row);
    result.counts.created++;
  }
  await repo.insertCustomers(trx, inserts);
  for (const row of changed.values()) {
    const { store_id: _s, id, ...patch } = row;
    await repo.updateCustomer(trx, store.id, id, patch);
  }
  // New customers have no keys yet: theirs are only added; changed ones get theirs replaced.
  await repo.insertSearchKeys(
    trx,
    store.id,
    inserts.map((c) => ({ customerId: c.id, keys: searchKeysOf(c) })),
  );
  await repo.replaceSearchKeys(
    trx,
    store.id,
    [...changed.values()].map((c) => ({ customerId: c.id, keys: searchKeysOf(c) })),
  );
  return result;
}

/** The columns a line gives (on update the others keep their value). */
function givenColumns(line: ParsedCustomerRow): Partial<repo.CustomerRow> {
  const all = customerColumns(line.customer);
  const out: Partial<repo.CustomerRow> = {};
  if (line.given.has('name')) out.name = all.name;
  if (line.given.has('nameKana')) out.name_kana = all.name_kana;
  if (line.given.has('phone')) Object.assign(out, { phone: all.phone, phone_digits: all.phone_digits });
  if (line.given.has('email')) out.email = all.email;
  if (line.given.has('note')) out.note = all.note;
  if (line.given.has('marketingConsent')) out.marketing_consent = all.marketing_consent;
  return out;
}

/**
 * Before an import: which of the file's member codes the store already has (their rows update and
 * use no slot) and how many new customers the free plan still allows in this store.
 */
export async function checkCustomerImport(
  ctx: AppContext,
  scope: Scope,
  body: CustomerImportCheckBody,
): Promise<ImportCheckResult> {
  const { store } = scope;
  const codes = [...new Set(body.codes.map(normalizeCode).filter(Boolean))];
  const known: string[] = [];
  for (let i = 0; i < codes.length; i += LOOKUP_CHUNK) {
    const found = await repo.findByCodesOrClientIds(ctx.db, store.id, codes.slice(i, i + LOOKUP_CHUNK), []);
    known.push(...found.filter((c) => c.deleted_at === null).map((c) => c.code));
  }
  const slots = await remainingSlots(ctx.db, ctx, store.owner_id, 'customers', store.id);
  return {
    known: known.sort(),
    remainingSlots: Number.isFinite(slots) ? slots : null,
    productLimit: Number.isFinite(slots) ? ctx.config.freeLimits.customers : null,
  };
}
