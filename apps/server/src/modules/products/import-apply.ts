import type { DbOrTx } from '../../db/database.ts';
import type { ProductRow } from '../../db/types.ts';
import { writeTask } from '../../db/write-task.ts';
import { newId } from '../../lib/ids.ts';
import { claimSlots, limitContextOf, type WriteLimits } from '../plans/index.ts';
import { recordOpeningStock } from '../stock/index.ts';
import type { ImportField, ParsedRow, RowError } from './import-rows.ts';
import { ChunkItems, type PlacedRow } from './import-variants.ts';
import { deleteEmptyItems, insertItems, placeVariants, updateItems } from './items-import.repo.ts';
import { findProductsByCodes, insertProducts, standaloneProduct, updateProducts } from './products.repo.ts';
import { editOf } from './products-bulk.repo.ts';
import { productFields } from './products.service.ts';

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
  /** It moved into an item, or to other option values (items-import.repo.ts placeVariants). */
  placed: boolean;
  outcomes: Array<{ line: number; outcome: Outcome }>;
}

/** What one chunk did: counts by outcome, and the lines refused by the free limit. */
export interface ChunkResult {
  counts: Record<Outcome, number>;
  /** Lines not applied because their new product would pass the free limit. */
  limitedLines: number[];
  limitReached: boolean;
  /** Lines refused for what they say of their item (import-variants.ts), one error each. */
  errors: RowError[];
}

/**
 * One chunk of an import batch, as its write task takes it: plain data only (it crosses to the
 * SQLite write worker's thread), including what the free tier needs of the context.
 */
export interface ImportChunk extends WriteLimits {
  storeId: string;
  ownerId: string;
  /** Who imports (the opening stock's user in the ledger). */
  userId: string;
  importId: string;
  /** All lines of each of the chunk's codes, in file order. */
  lines: ParsedRow[];
  /** The batch's time: the products' created/updated time and the ledger's. */
  at: string;
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
 * Applies the lines of some codes (all lines of each code, in file order) in one transaction: a
 * known code updates the product's given fields (never its quantity), a new code creates it with
 * the row's quantity as opening stock while the free tier has room. Applying the same lines again
 * changes nothing (creates become "unchanged"), which is what makes a batch split into several
 * transactions safe to retry.
 *
 * A write task (db/write-task.ts: the one write path): on SQLite it runs in the write worker's
 * thread, so none of its statements block the event loop that serves other stores' requests
 * (before, each of them was a blocking call to the worker, and other stores' lookups waited between
 * them); on PostgreSQL in a transaction of this process, a statement per table.
 */
export async function applyImportChunk(trx: DbOrTx, chunk: ImportChunk): Promise<ChunkResult> {
  const { storeId, ownerId, userId, importId, lines, at } = chunk;
  const codes = [...new Set(lines.map((p) => p.product.code))];
  const targets = new Map<string, Target>();
  const found = await findProductsByCodes(trx, storeId, codes);
  for (const row of found) targets.set(row.code, { row, isNew: false, changed: false, placed: false, outcomes: [] });
  // Rows with a handle: their item, found by handle in the store or made by the chunk.
  const items = await ChunkItems.load(trx, storeId, at, lines, found);
  const errors: RowError[] = [];
  const refused = new Set<Target>();
  for (const parsed of lines) {
    const { line } = parsed;
    let { product, given } = parsed;
    let placed: PlacedRow | null = null;
    if (parsed.item.handle !== null) {
      const result = items.place(parsed, targets.get(product.code)?.row);
      if ('message' in result) {
        errors.push(result);
        continue;
      }
      ({ product, given } = result);
      placed = result;
    }
    const target = targets.get(product.code);
    if (!target) {
      const own = standaloneProduct({
        id: newId(),
        store_id: storeId,
        ...productFields({ ...product, imageId: placed?.place.imageId }),
        // The CSV has no reorder level column: a product created by an import has none.
        reorder_level: null,
        tax_rate: product.taxRate ?? null,
        unit: product.unit ?? 'EACH',
        quantity: product.quantity,
        created_at: at,
        updated_at: at,
        quantity_changed_at: null,
      });
      const row: ProductRow = placed
        ? {
            ...own,
            item_id: placed.place.item_id,
            option_values: placed.place.option_values,
            variant_position: placed.place.position,
          }
        : own;
      const created: Target = {
        row,
        isNew: true,
        changed: false,
        placed: false,
        outcomes: [{ line, outcome: 'created' }],
      };
      targets.set(product.code, created);
      placed?.bind(row.id, () => !refused.has(created));
      continue;
    }
    placed?.bind(target.row.id, () => !refused.has(target));
    const before = descriptive(target.row);
    const next = { ...before };
    for (const field of given) (next as Record<ImportField, unknown>)[field] = product[field];
    const moves =
      placed !== null &&
      (target.row.item_id !== placed.place.item_id || target.row.option_values !== placed.place.option_values);
    if (COMPARED.every((f) => next[f] === before[f]) && !moves) {
      target.outcomes.push({ line, outcome: 'unchanged' });
      continue;
    }
    target.row = {
      ...target.row,
      ...productFields({ ...next, imageId: target.row.image_id }),
      tax_rate: next.taxRate,
      updated_at: at,
    };
    if (moves) {
      const position =
        target.row.item_id === placed!.place.item_id ? target.row.variant_position : placed!.place.position;
      target.row = {
        ...target.row,
        item_id: placed!.place.item_id,
        option_values: placed!.place.option_values,
        variant_position: position,
      };
    }
    if (target.isNew) {
      target.outcomes.push({ line, outcome: 'updated' });
      continue;
    }
    target.changed ||= !COMPARED.every((f) => next[f] === before[f]);
    target.placed ||= moves;
    target.outcomes.push({ line, outcome: 'updated' });
  }

  const fresh = [...targets.values()].filter((t) => t.isNew);
  const slots = await claimSlots(trx, limitContextOf(chunk, new Date(at)), ownerId, 'products', fresh.length);
  for (const t of fresh.slice(slots)) refused.add(t);
  const counts: Record<Outcome, number> = { created: 0, updated: 0, unchanged: 0 };
  // Counted, not listed line by line: a file past the limit would otherwise list every such line
  // with the same sentence (902 identical lines for one file).
  const limitedLines: number[] = [];
  for (const t of targets.values()) {
    for (const { line, outcome } of t.outcomes) {
      if (refused.has(t)) limitedLines.push(line);
      else counts[outcome]++;
    }
  }
  const itemWrites = items.finish();
  await insertItems(trx, itemWrites.created);
  await updateItems(trx, storeId, itemWrites.edited);
  const created = fresh.slice(0, slots).map((t) => t.row);
  // One statement for any number of rows on PostgreSQL, a few of 60 rows each on SQLite (products.repo.ts).
  await insertProducts(trx, created);
  await recordOpeningStock(
    trx,
    created.map((row) => ({
      storeId,
      productId: row.id,
      delta: Number(row.quantity),
      reason: 'ADJUSTMENT' as const,
      refCode: importId,
      userId,
      note: 'Opening stock (import)',
      at,
    })),
  );
  const known = [...targets.values()].filter((t) => !t.isNew);
  // The item's other variants follow a change of its name, brand, description or category.
  const restated = items.restated(new Set(known.map((t) => t.row.id)));
  // Updated in code order, so two imports touching the same products lock them in the same order.
  const changed = [...known.filter((t) => t.changed).map((t) => t.row), ...restated]
    .sort((a, b) => (a.code < b.code ? -1 : 1))
    .map(editOf);
  await updateProducts(trx, storeId, changed);
  await placeVariants(
    trx,
    storeId,
    known
      .filter((t) => t.placed)
      .map(({ row }) => ({
        id: row.id,
        item_id: row.item_id,
        option_values: row.option_values,
        variant_position: row.variant_position,
      })),
  );
  await deleteEmptyItems(trx, storeId, [...items.emptied]);
  return { counts, limitedLines, limitReached: refused.size > 0, errors };
}

/**
 * Answered on SQLite once committed, not synced: nobody is told of a chunk before the batch's result
 * is stored, whose transaction waits for a sync covering every chunk before it (product-import.service.ts).
 */
export const applyImportChunkTask = writeTask(import.meta.url, 'applyImportChunk', applyImportChunk, {
  answerAtCommit: true,
});
