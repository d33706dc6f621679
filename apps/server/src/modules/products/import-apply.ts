import type { DbOrTx } from '../../db/database.ts';
import type { ProductRow } from '../../db/types.ts';
import type { AppContext } from '../../lib/context.ts';
import { newId } from '../../lib/ids.ts';
import type { Scope } from '../access/index.ts';
import { claimSlots } from '../plans/index.ts';
import { recordOpeningStock } from '../stock/index.ts';
import type { ImportField, ParsedRow } from './import-rows.ts';
import { findProductsByCodes, insertProducts, updateProduct } from './products.repo.ts';
import { editOf, updateProductsAtOnce } from './products-bulk.repo.ts';
import { productFields } from './products.service.ts';

/**
 * Rows written between two turns of the event loop: SQLite writes synchronously, and this many rows
 * (with the products table's search indexes) take a few milliseconds, short enough that other
 * stores' lookups, served between the turns, stay fast.
 */
const STEP = 20;

const COMPARED: ImportField[] = ['name', 'brand', 'category', 'description', 'price', 'cost', 'taxRate'];

export type Outcome = 'created' | 'updated' | 'unchanged';
type Descriptive = Pick<
  ParsedRow['product'],
  'code' | 'name' | 'brand' | 'description' | 'category' | 'price' | 'cost'
> & { taxRate: number | null };

/** A product as the import builds it up: an existing row or a new one, and what each line did to it. */
interface Target {
  row: ProductRow;
  isNew: boolean;
  changed: boolean;
  outcomes: Array<{ line: number; outcome: Outcome }>;
}

/** What one chunk did: counts by outcome, and the lines refused by the free limit. */
export interface ChunkResult {
  counts: Record<Outcome, number>;
  /** Lines not applied because their new product would pass the free limit. */
  limitedLines: number[];
  limitReached: boolean;
}

function descriptive(row: ProductRow): Descriptive {
  return {
    code: row.code,
    name: row.name,
    brand: row.brand,
    description: row.description,
    category: row.category,
    price: Number(row.price),
    cost: Number(row.cost),
    taxRate: row.tax_rate === null ? null : Number(row.tax_rate),
  };
}

/**
 * Applies the lines of some codes (all lines of each code, in file order) inside `trx`: a known
 * code updates the product's given fields (never its quantity), a new code creates it with the
 * row's quantity as opening stock while the free tier has room. Applying the same lines again
 * changes nothing (creates become "unchanged"), which is what makes a batch split into several
 * transactions safe to retry.
 */
export async function applyChunk(
  trx: DbOrTx,
  ctx: AppContext,
  scope: Scope,
  importId: string,
  lines: ParsedRow[],
  at: string,
  pause: () => Promise<void>,
): Promise<ChunkResult> {
  const { store, userId } = scope;
  const codes = [...new Set(lines.map((p) => p.product.code))];
  const targets = new Map<string, Target>();
  for (const row of await findProductsByCodes(trx, store.id, codes)) {
    targets.set(row.code, { row, isNew: false, changed: false, outcomes: [] });
  }
  await pause();
  for (const { line, product, given } of lines) {
    const target = targets.get(product.code);
    if (!target) {
      const row: ProductRow = {
        id: newId(),
        store_id: store.id,
        ...productFields(product),
        // The CSV has no reorder level column: a product created by an import has none.
        reorder_level: null,
        tax_rate: product.taxRate ?? null,
        unit: product.unit ?? 'EACH',
        quantity: product.quantity,
        created_at: at,
        updated_at: at,
        quantity_changed_at: null,
      };
      targets.set(product.code, { row, isNew: true, changed: false, outcomes: [{ line, outcome: 'created' }] });
      continue;
    }
    const before = descriptive(target.row);
    const next = { ...before };
    for (const field of given) (next as Record<ImportField, unknown>)[field] = product[field];
    if (COMPARED.every((f) => next[f] === before[f])) {
      target.outcomes.push({ line, outcome: 'unchanged' });
      continue;
    }
    target.row = {
      ...target.row,
      ...productFields({ ...next, imageId: target.row.image_id }),
      tax_rate: next.taxRate,
      updated_at: at,
    };
    target.changed = true;
    target.outcomes.push({ line, outcome: 'updated' });
  }

  const fresh = [...targets.values()].filter((t) => t.isNew);
  const slots = await claimSlots(trx, ctx, store.owner_id, 'products', fresh.length);
  const created = fresh.slice(0, slots);
  const refused = new Set(fresh.slice(created.length));
  const counts: Record<Outcome, number> = { created: 0, updated: 0, unchanged: 0 };
  // Counted, not listed line by line: a file past the limit would otherwise list every such line
  // with the same sentence (issue 14: 902 identical lines).
  const limitedLines: number[] = [];
  for (const t of targets.values()) {
    for (const { line, outcome } of t.outcomes) {
      if (refused.has(t)) limitedLines.push(line);
      else counts[outcome]++;
    }
  }
  // PostgreSQL writes in its own process, not on this event loop: a step is the whole chunk, one
  // statement for the products and one for their movements.
  const stepRows = ctx.dbKind === 'postgres' ? Math.max(created.length, 1) : STEP;
  for (let i = 0; i < created.length; i += stepRows) {
    const step = created.slice(i, i + stepRows);
    await pause();
    await insertProducts(
      trx,
      step.map((t) => t.row),
    );
    await recordOpeningStock(
      trx,
      step.map((t) => ({
        storeId: store.id,
        productId: t.row.id,
        delta: Number(t.row.quantity),
        reason: 'ADJUSTMENT' as const,
        refCode: importId,
        userId,
        note: 'Opening stock (import)',
        at,
      })),
    );
  }
  // Updated in code order, so two imports touching the same products lock them in the same order.
  const changed = [...targets.values()]
    .filter((t) => t.changed && !t.isNew)
    .sort((a, b) => (a.row.code < b.row.code ? -1 : 1));
  if (ctx.dbKind === 'postgres') {
    await updateProductsAtOnce(
      trx,
      store.id,
      changed.map((t) => editOf(t.row)),
    );
    return { counts, limitedLines, limitReached: refused.size > 0 };
  }
  for (const [i, t] of changed.entries()) {
    if (i % STEP === 0) await pause();
    const { id, ...edit } = editOf(t.row);
    await updateProduct(trx, store.id, id, edit);
  }
  return { counts, limitedLines, limitReached: refused.size > 0 };
}
