import type { ImportCheckBody, ImportCheckResult } from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import type { Scope } from '../access/index.ts';
import { remainingSlots } from '../plans/index.ts';
import { findProductsByCodes } from './products.repo.ts';

/** Codes per lookup, well under every engine's bound-parameter limit. */
const LOOKUP_CHUNK = 250;

/**
 * Before an import: which of the file's codes (one batch's worth per call) the store already has,
 * and how many new products the plan still allows. Rows of known codes update and never use a
 * free-plan slot, so the client can say exactly how many new products fit before sending a row.
 */
export async function checkImport(ctx: AppContext, scope: Scope, body: ImportCheckBody): Promise<ImportCheckResult> {
  const { store } = scope;
  const codes = [...new Set(body.codes.map((c) => c.trim()).filter(Boolean))];
  const known: string[] = [];
  for (let i = 0; i < codes.length; i += LOOKUP_CHUNK) {
    const found = await findProductsByCodes(ctx.db, store.id, codes.slice(i, i + LOOKUP_CHUNK));
    known.push(...found.map((p) => p.code));
  }
  // An advisory read with no lock: the import itself claims its slots (claimSlots).
  const slots = await remainingSlots(ctx.db, ctx, store.owner_id, 'products');
  return {
    known: known.sort(),
    remainingSlots: Number.isFinite(slots) ? slots : null,
    productLimit: Number.isFinite(slots) ? ctx.config.freeLimits.products : null,
  };
}
