import { ErrorCode, type CurrencyCode, type ImportBatchBody, type ImportBatchResult } from '@shopdesk/shared';
import { isUniqueViolation } from '../../db/database.ts';
import type { ProductRow } from '../../db/types.ts';
import { iso } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { newId } from '../../lib/ids.ts';
import type { Scope } from '../access/index.ts';
import { remainingSlots } from '../plans/index.ts';
import { recordOpeningStock } from '../stock/index.ts';
import { findImportBatch, insertImportBatch } from './import-batches.repo.ts';
import { parseImportRow, type ImportField, type ParsedRow, type RowError } from './import-rows.ts';
import { findProductsByCodes, insertProducts, updateProduct } from './products.repo.ts';
import { productFields } from './products.service.ts';
import { refreshStatisticsAfterImport } from './catalogue-statistics.ts';

const COMPARED: ImportField[] = ['name', 'brand', 'category', 'description', 'price', 'cost'];

type Outcome = 'created' | 'updated' | 'unchanged';
type Descriptive = Pick<
  ParsedRow['product'],
  'code' | 'name' | 'brand' | 'description' | 'category' | 'price' | 'cost'
>;

/** A product as the import builds it up: an existing row or a new one, and what each line did to it. */
interface Target {
  row: ProductRow;
  isNew: boolean;
  changed: boolean;
  outcomes: Array<{ line: number; outcome: Outcome }>;
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
  };
}

/**
 * Imports one batch of CSV rows (at most 1000) in one transaction. Bad rows are reported by line and
 * the good ones imported. A known code updates the product's given fields (never its quantity);
 * a new code creates it with the row's quantity as opening stock. A batch sent again (same importId
 * and batch) returns the stored first result and changes nothing, so retries are safe; rows are
 * applied in order, so a code repeated later in the batch updates the product the earlier line made.
 */
export async function importBatch(ctx: AppContext, scope: Scope, body: ImportBatchBody): Promise<ImportBatchResult> {
  const { store, userId } = scope;
  const done = await findImportBatch(ctx.db, store.id, body.importId, body.batch);
  if (done) return done;

  const currency = store.main_currency as CurrencyCode;
  const errors: RowError[] = [];
  const parsed: ParsedRow[] = [];
  for (const row of body.rows) {
    const result = parseImportRow(row, currency);
    if (Array.isArray(result)) errors.push(...result);
    else parsed.push(result);
  }
  const at = iso(ctx.clock.now());

  try {
    const outcome = await ctx.db.transaction().execute(async (trx) => {
      const again = await findImportBatch(trx, store.id, body.importId, body.batch);
      if (again) return again;
      const codes = [...new Set(parsed.map((p) => p.product.code))];
      const targets = new Map<string, Target>();
      for (const row of await findProductsByCodes(trx, store.id, codes)) {
        targets.set(row.code, { row, isNew: false, changed: false, outcomes: [] });
      }
      for (const { line, product, given } of parsed) {
        const target = targets.get(product.code);
        if (!target) {
          const row: ProductRow = {
            id: newId(),
            store_id: store.id,
            ...productFields(product),
            quantity: product.quantity,
            created_at: at,
            updated_at: at,
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
        target.row = { ...target.row, ...productFields({ ...next, imageId: target.row.image_id }), updated_at: at };
        target.changed = true;
        target.outcomes.push({ line, outcome: 'updated' });
      }

      const fresh = [...targets.values()].filter((t) => t.isNew);
      const slots = fresh.length > 0 ? await remainingSlots(trx, ctx, store.owner_id, 'products') : 0;
      const created = fresh.slice(0, slots);
      const refused = new Set(fresh.slice(created.length));
      const counts: Record<Outcome, number> = { created: 0, updated: 0, unchanged: 0 };
      for (const t of targets.values()) {
        for (const { line, outcome } of t.outcomes) {
          if (refused.has(t)) {
            errors.push({
              line,
              field: 'code',
              message: 'Not imported: the free plan product limit is reached. Upgrade to premium to import more.',
            });
          } else counts[outcome]++;
        }
      }
      await insertProducts(
        trx,
        created.map((t) => t.row),
      );
      await recordOpeningStock(
        trx,
        created.map((t) => ({
          storeId: store.id,
          productId: t.row.id,
          delta: Number(t.row.quantity),
          reason: 'ADJUSTMENT' as const,
          refCode: body.importId,
          userId,
          note: 'Opening stock (import)',
          at,
        })),
      );
      // Updated in code order, so two imports touching the same products lock them in the same order.
      const changed = [...targets.values()]
        .filter((t) => t.changed && !t.isNew)
        .sort((a, b) => (a.row.code < b.row.code ? -1 : 1));
      for (const t of changed) {
        const { id, code, name, name_key, brand, description, category, price, cost, image_id, search, updated_at } =
          t.row;
        await updateProduct(trx, store.id, id, {
          code,
          name,
          name_key,
          brand,
          description,
          category,
          price,
          cost,
          image_id,
          search,
          updated_at,
        });
      }
      const result: ImportBatchResult = {
        ...counts,
        errors: errors.sort((a, b) => a.line - b.line),
        limitReached: refused.size > 0,
      };
      await insertImportBatch(trx, { storeId: store.id, importId: body.importId, batch: body.batch, result, at });
      return result;
    });
    if (outcome.created > 0) refreshStatisticsAfterImport(ctx);
    return outcome;
  } catch (error) {
    // The same batch committed by a concurrent retry: answer with its result.
    if (isUniqueViolation(error)) {
      const first = await findImportBatch(ctx.db, store.id, body.importId, body.batch);
      if (first) return first;
      // Another import created one of these codes meanwhile; nothing of this batch was written.
      throw new AppError(
        409,
        ErrorCode.CONFLICT,
        'Another import is adding the same products right now. Please send this batch again.',
      );
    }
    throw error;
  }
}
