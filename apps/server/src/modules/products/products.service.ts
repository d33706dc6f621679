import { randomInt } from 'node:crypto';
import {
  asProductUnit,
  type AuditAction,
  ErrorCode,
  randomUnclaimedInStoreEan13,
  seesCost,
  type CreateProductBodySchema,
  type Product,
  type ProductSearchQuery,
  type ProductSummary,
  type ProductWindow,
  type UpdateProductBodySchema,
} from '@shopdesk/shared';
import type { z } from 'zod';
import { isUniqueViolation, type DbOrTx } from '../../db/database.ts';
import type { ProductRow } from '../../db/types.ts';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, fieldError, notFound } from '../../core/errors.ts';
import { newId } from '../../lib/ids.ts';
import { nameSortKey } from '../../core/text-keys.ts';
import { insertTombstone } from './product-changes.repo.ts';
import * as repo from './products.repo.ts';
import { storeBarcodeRules } from '../barcode-rules/index.ts';
import type { Scope } from '../access/index.ts';
import { recordAudit } from '../audit/index.ts';
import { deleteFiles, hasImage } from '../files/index.ts';
import { assertCanCreate } from '../plans/index.ts';
import { forgetProductInLines } from '../shop/index.ts';
import { deleteLedgerOf, recordOpeningStock } from '../stock/index.ts';

type CreateProduct = z.output<typeof CreateProductBodySchema>;
type UpdateProduct = z.output<typeof UpdateProductBodySchema>;

/** A product as the API answers it; its cost only to a member who may see costs (`seesCost`). */
export function toProduct(row: repo.ProductView, withCost = true): Product {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    brand: row.brand,
    description: row.description,
    category: row.category,
    price: Number(row.price),
    cost: withCost ? Number(row.cost) : null,
    quantity: Number(row.quantity),
    imageId: row.image_id,
    reorderLevel: row.reorder_level === null ? null : Number(row.reorder_level),
    taxRate: row.tax_rate === null ? null : Number(row.tax_rate),
    unit: asProductUnit(row.unit),
    itemId: row.item_id,
    optionValues: JSON.parse(row.option_values) as string[],
    retired: row.retired_at !== null,
    createdAt: row.created_at,
    // The copy's version for devices (the counter keeps the newer copy, catalog-db.ts): its details
    // or its stock, whichever changed last. Both are ISO times of the server's clock.
    updatedAt:
      row.quantity_changed_at !== null && row.quantity_changed_at > row.updated_at
        ? row.quantity_changed_at
        : row.updated_at,
  };
}

export const productNotFound = () => notFound('This product is not in this store.');

export const codeTaken = () =>
  fieldError(ErrorCode.CONFLICT, 'code', 'A product with this barcode already exists in this store.', 409);

export const unitChangeWithStock = () =>
  fieldError(
    ErrorCode.CONFLICT,
    'unit',
    'The unit can change only while the stock is 0: count the stock to 0 first, then change the unit.',
    409,
  );

/**
 * The descriptive columns of a product, derived the same way for create, update and import. The
 * reorder level is not among them: the CSV has no column for it, so an import leaves it alone.
 */
export function productFields(body: Omit<CreateProduct, 'quantity' | 'reorderLevel' | 'taxRate'>) {
  return {
    code: body.code,
    name: body.name,
    name_key: nameSortKey(body.name),
    brand: body.brand,
    description: body.description,
    category: body.category,
    price: body.price,
    cost: body.cost,
    image_id: body.imageId ?? null,
    search: repo.searchText(body.code, body.name, body.brand),
  };
}

/**
 * A product shows only an image uploaded to its own store (the schema already takes only a bare
 * UUID, never a profile picture or receipt logo id, nor a path): deleting the product deletes the
 * image, so it must never name another store's file or one that is not a product image. The image
 * it already shows is kept as it is.
 */
export async function assertProductImage(
  db: DbOrTx,
  storeId: string,
  imageId: string | null | undefined,
  current: string | null,
): Promise<void> {
  if (!imageId || imageId === current) return;
  if (!(await hasImage(db, storeId, imageId))) {
    throw fieldError(ErrorCode.VALIDATION_ERROR, 'imageId', 'This image was not uploaded to this store.');
  }
}

export async function findProductOrThrow(db: DbOrTx, storeId: string, code: string): Promise<repo.ProductView> {
  const row = await repo.findProductByCode(db, storeId, code);
  if (!row) throw productNotFound();
  return row;
}

/** A product's audit event: its barcode and its name as they are after the write. */
export function productEvent(action: AuditAction, product: { code: string; name: string }) {
  return { action, entity: 'PRODUCT' as const, entityCode: product.code, summary: product.name };
}

/**
 * Creates a product with its opening stock as an ADJUSTMENT movement, in one transaction with the
 * free-tier check, so a refused create writes nothing.
 */
export async function createProduct(ctx: AppContext, scope: Scope, body: CreateProduct): Promise<Product> {
  const { store, userId } = scope;
  const now = iso(ctx.clock.now());
  try {
    const row = await ctx.db.transaction().execute(async (trx) => {
      if (await repo.codeExists(trx, store.id, body.code)) throw codeTaken();
      await assertProductImage(trx, store.id, body.imageId, null);
      await assertCanCreate(trx, ctx, store.owner_id, 'products');
      const row: ProductRow = repo.standaloneProduct({
        id: newId(),
        store_id: store.id,
        ...productFields(body),
        reorder_level: body.reorderLevel,
        tax_rate: body.taxRate ?? null,
        unit: body.unit ?? 'EACH',
        quantity: body.quantity,
        created_at: now,
        updated_at: now,
        quantity_changed_at: null,
      });
      await repo.insertProducts(trx, [row]);
      await recordOpeningStock(trx, [
        {
          storeId: store.id,
          productId: row.id,
          delta: body.quantity,
          reason: 'ADJUSTMENT',
          userId,
          note: 'Opening stock',
          at: now,
        },
      ]);
      await recordAudit(trx, scope, { ...productEvent('PRODUCT_CREATE', row), at: ctx.clock.now() });
      return row;
    });
    return toProduct(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

export async function getProduct(ctx: AppContext, scope: Scope, code: string): Promise<Product> {
  const { store } = scope;
  // The barcode lookup is the counter's hot path: a plain read, outside any transaction.
  const row = await ctx.readFirst(repo.productByCodeQuery, store.id, code);
  if (!row) throw productNotFound();
  return toProduct(row, seesCost(scope.rights));
}

/** The same lookup, with "not in this store" as an answer (null) instead of a 404. */
export async function lookupProduct(ctx: AppContext, scope: Scope, code: string): Promise<{ product: Product | null }> {
  const row = await ctx.readFirst(repo.productByCodeQuery, scope.store.id, code);
  return { product: row ? toProduct(row, seesCost(scope.rights)) : null };
}

/** Edits everything but the quantity (stock changes only through the ledger); the code may change. */
export async function updateProduct(
  ctx: AppContext,
  scope: Scope,
  code: string,
  body: UpdateProduct,
): Promise<Product> {
  const { store } = scope;
  const now = iso(ctx.clock.now());
  try {
    const { product, before } = await ctx.db.transaction().execute(async (trx) => {
      const current = await findProductOrThrow(trx, store.id, code);
      if (body.code !== current.code && (await repo.codeExists(trx, store.id, body.code))) throw codeTaken();
      await assertProductImage(trx, store.id, body.imageId, current.image_id);
      const unit = body.unit ?? asProductUnit(current.unit);
      // Stock on hand is counted in the unit (pieces or thousandths): changing it would silently
      // turn 5 pieces into 0.005 kg, so the stock is brought to zero first.
      if (unit !== current.unit && Number(current.quantity) !== 0) throw unitChangeWithStock();
      // An omitted tax rate keeps the product's; null clears it (back to the store's default).
      const patch = {
        ...productFields(body),
        reorder_level: body.reorderLevel,
        tax_rate: body.taxRate === undefined ? current.tax_rate : body.taxRate,
        unit,
        updated_at: now,
      };
      await repo.updateProduct(trx, store.id, current.id, patch);
      await recordAudit(trx, scope, { ...productEvent('PRODUCT_EDIT', { ...current, ...patch }), at: ctx.clock.now() });
      return { product: toProduct({ ...current, ...patch }), before: current.image_id };
    });
    if (before !== product.imageId) await releaseImages(ctx, store.id, [before]);
    return product;
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

/**
 * Deletes the product and its movements together: the ledger stays consistent (no movement without
 * its product), the code is free to reuse, and the free-tier slot is released. Sales keep their
 * own copy of code, name and price, so history does not depend on the product row; their product
 * id becomes null, so a later refund knows the product is gone.
 */
export async function deleteProduct(ctx: AppContext, scope: Scope, code: string): Promise<void> {
  const { store } = scope;
  const image = await ctx.db.transaction().execute(async (trx) => {
    const current = await findProductOrThrow(trx, store.id, code);
    await removeProduct(trx, ctx, scope, current);
    return current.image_id;
  });
  await releaseImages(ctx, store.id, [image]);
}

/**
 * Deletes one product inside the caller's transaction (a product's delete, or each variant of an
 * item's): its ledger, its id in sale lines, the row, a tombstone for devices, the audit event.
 * The caller releases its image once the transaction committed.
 */
export async function removeProduct(
  trx: DbOrTx,
  ctx: AppContext,
  scope: Scope,
  current: Pick<repo.ProductView, 'id' | 'code' | 'name'>,
): Promise<void> {
  const { store } = scope;
  await deleteLedgerOf(trx, store.id, current.id);
  await forgetProductInLines(trx, store.id, current.id);
  await repo.deleteProduct(trx, store.id, current.id);
  // Devices keeping a copy of the catalogue learn of the deletion from the changes feed.
  await insertTombstone(trx, {
    store_id: store.id,
    product_id: current.id,
    code: current.code,
    deleted_at: iso(ctx.clock.now()),
  });
  await recordAudit(trx, scope, { ...productEvent('PRODUCT_DELETE', current), at: ctx.clock.now() });
}

/**
 * Deletes images a product stopped showing (replaced, removed, or its product deleted) unless
 * another product of the store still shows them. Runs after the change committed, so a failed
 * change keeps its image; a failure here only leaves a file behind, so it is logged, not answered.
 */
export async function releaseImages(ctx: AppContext, storeId: string, imageIds: Array<string | null>): Promise<void> {
  const candidates = imageIds.filter((id): id is string => id !== null);
  if (candidates.length === 0) return;
  try {
    const inUse = await repo.imagesInUse(ctx.db, storeId, candidates);
    await deleteFiles(
      ctx,
      storeId,
      candidates.filter((id) => !inUse.has(id)),
    );
  } catch (error) {
    ctx.log.error({ err: error, storeId }, 'could not delete images no product shows any more');
  }
}

export async function searchWindow(
  ctx: AppContext,
  scope: Scope,
  page: number,
  size: number,
  filter: ProductSearchQuery,
): Promise<ProductWindow> {
  const { store } = scope;
  const offset = page * size;
  const rows = await repo.searchProducts(ctx.db, store.id, filter, offset, size);
  // A short page that is not past the end already tells the total: rare or missing search terms,
  // the slowest to count, need no second pass over the catalogue.
  const total =
    rows.length < size && (rows.length > 0 || offset === 0)
      ? offset + rows.length
      : await repo.countProducts(ctx.db, store.id, filter);
  const withCost = seesCost(scope.rights);
  return { items: rows.map((row) => toProduct(row, withCost)), page, size, total };
}

/** The store's catalogue at a glance (home page): one aggregate query, cheap at 100k products. */
/** The catalogue at a glance; the value at cost only for a member who may see cost. */
export async function summary(ctx: AppContext, scope: Scope): Promise<ProductSummary> {
  const totals = await repo.catalogueTotals(ctx.db, scope.store.id);
  return seesCost(scope.rights) ? totals : { ...totals, stockValueAtCost: null };
}

export async function listCategories(ctx: AppContext, scope: Scope): Promise<string[]> {
  const { store } = scope;
  return repo.listCategories(ctx.db, store.id);
}

const cryptoRandom = () => randomInt(0, 1_000_000) / 1_000_000;

/**
 * A draw of randomUnclaimedInStoreEan13, which throws only when the rules leave no in-store code
 * to draw: a 409 the owner can act on, not a 500.
 */
export function randomUnclaimedOrRefuse(rules: Parameters<typeof randomUnclaimedInStoreEan13>[0]): string {
  try {
    return randomUnclaimedInStoreEan13(rules, cryptoRandom);
  } catch {
    throw new AppError(
      409,
      ErrorCode.CONFLICT,
      'The barcode rules of this store claim every in-store prefix, so there is no free code to make. Type a code, or remove a rule.',
    );
  }
}

/**
 * A valid in-store EAN-13 that no product of the store uses yet and no barcode rule of the store
 * claims (product.md §5), so a product's own code is never read as a scale label.
 */
export async function randomBarcode(ctx: AppContext, scope: Scope): Promise<{ code: string }> {
  const { store } = scope;
  const rules = await storeBarcodeRules(ctx.db, store.id);
  // 10^10 numbers per store: a collision is rare, ten in a row practically impossible.
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = randomUnclaimedOrRefuse(rules);
    if (!(await repo.codeExists(ctx.db, store.id, code))) return { code };
  }
  throw new Error('Could not find an unused in-store barcode after 10 attempts');
}
