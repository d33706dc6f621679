import { IMPORT_CHECK_MAX_CODES, type ImportRow } from '@shopdesk/shared';
import type { ImportCheckResult } from '../api/import-products.ts';

export type CheckCodes = (codes: string[]) => Promise<ImportCheckResult>;

/** What an import will do to the plan's product count, known before a row is sent. */
export interface ImportPlan {
  rowsRead: number;
  /** null: the plan has no product limit, nothing was checked. */
  limit: null | {
    /** The plan's product limit. */
    productLimit: number;
    /** New products the plan still allows. */
    remainingSlots: number;
    /** Distinct codes in the file the store does not have (rows with no code are not counted). */
    newProducts: number;
    /** Rows of codes the store has: they update and use no slot. */
    updateRows: number;
    /** New products past the remaining slots, and their rows. */
    overLimitProducts: number;
    overLimitRows: number;
  };
}

/**
 * Asks the server about the file's codes, a batch's worth at a time, and works out how many rows
 * fit the plan. New products are created in file order, so the first `remainingSlots` new codes
 * fit and every row of a later new code is stopped by the limit. Without a limit (premium) one call
 * tells so and the rest is skipped.
 */
export async function planImport(rows: ImportRow[], check: CheckCodes): Promise<ImportPlan> {
  const codes = [...new Set(rows.map((r) => r.code.trim()).filter(Boolean))];
  const known = new Set<string>();
  let remainingSlots: number | null = null;
  let productLimit = 0;
  for (let i = 0; i === 0 || i < codes.length; i += IMPORT_CHECK_MAX_CODES) {
    const answer = await check(codes.slice(i, i + IMPORT_CHECK_MAX_CODES));
    if (answer.remainingSlots === null) return { rowsRead: rows.length, limit: null };
    remainingSlots = answer.remainingSlots;
    productLimit = answer.productLimit ?? 0;
    for (const code of answer.known) known.add(code);
  }
  const fresh = codes.filter((c) => !known.has(c));
  const over = new Set(fresh.slice(remainingSlots ?? 0));
  let updateRows = 0;
  let overLimitRows = 0;
  for (const r of rows) {
    const code = r.code.trim();
    if (known.has(code)) updateRows++;
    else if (over.has(code)) overLimitRows++;
  }
  return {
    rowsRead: rows.length,
    limit: {
      productLimit,
      remainingSlots: remainingSlots ?? 0,
      newProducts: fresh.length,
      updateRows,
      overLimitProducts: over.size,
      overLimitRows,
    },
  };
}
