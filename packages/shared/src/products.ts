import { z } from 'zod';
import { productCodeSchema } from './product-code-schema.ts';
import { PRODUCT_IMAGE_ID_PATTERN } from './files.ts';
import { basisPointsSchema } from './sale-settings.ts';
import { PRODUCT_UNITS } from './units.ts';
import { multiLineText, singleLineText } from './validation.ts';

/** Prices and costs are integer minor units of the store's main currency (product.md §3). */
const minorUnitsSchema = z
  .number({ error: 'Must be a whole number of minor units' })
  .int('Must be a whole number of minor units')
  .min(0, 'Must not be negative')
  .max(1_000_000_000_000, 'Amount is too large');

export const ProductSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  brand: z.string(),
  description: z.string(),
  category: z.string(),
  price: z.number().int(),
  /** What the shop paid; null for a member who sees no cost (neither REPORTS nor PRODUCTS, `seesCost`). */
  cost: z.number().int().nullable(),
  /** Stock on hand; may go negative when sales outrun receiving. */
  quantity: z.number().int(),
  imageId: z.string().nullable(),
  /** At or below this quantity the product counts as low on stock; null = no reorder level set. */
  reorderLevel: z.number().int().nullable(),
  /**
   * The product's own tax rate in basis points (e.g. a reduced food rate); null = the store's
   * default. Defaults to null so a copy saved before the field existed still reads.
   */
  taxRate: z.number().int().nullable().default(null),
  /**
   * EACH, or a measured unit (KG, L, M) whose quantities (stock included) are integer thousandths
   * and whose price is per unit. EACH for a copy saved before the field existed.
   */
  unit: z.enum(PRODUCT_UNITS).default('EACH'),
  /**
   * The item it is a variant of (product.md §4 Item and Variant): its own id when it has no
   * options. Optional so a copy saved before variants existed still reads (then: its own id).
   */
  itemId: z.string().optional(),
  /** One value per option of its item, in the options' order; [] for an item without options. */
  optionValues: z.array(z.string()).default([]),
  /** A retired variant is offered nowhere new (picker, item lists) but keeps its history and stock. */
  retired: z.boolean().default(false),
  createdAt: z.string(),
  /** When anything of it last changed, its stock included: the version of a device's copy. */
  updatedAt: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

export const CreateProductBodySchema = z.object({
  code: productCodeSchema,
  name: singleLineText({ label: 'Name', min: 1, max: 120 }),
  brand: singleLineText({ label: 'Brand', max: 80 }).default(''),
  description: multiLineText({ label: 'Description', max: 2000 }).default(''),
  category: singleLineText({ label: 'Category', max: 60 }).default(''),
  price: minorUnitsSchema,
  cost: minorUnitsSchema.default(0),
  /**
   * Opening stock, recorded as an ADJUSTMENT movement. Never negative: a new product cannot have
   * been sold yet; stock below zero comes later, from sales or adjustments.
   */
  quantity: z
    .number({ error: 'Opening stock must be a whole number' })
    .int('Opening stock must be a whole number')
    .min(0, 'Opening stock must not be negative')
    .max(1_000_000, 'Opening stock is at most 1,000,000')
    .default(0),
  /** An image uploaded to the store for products (a UUID); the server checks the store has it. */
  imageId: z
    .string()
    .trim()
    .toLowerCase()
    .regex(PRODUCT_IMAGE_ID_PATTERN, 'Must be the id of a product image uploaded to this store')
    .nullish(),
  /** Low-stock threshold; omitted or null means none. */
  reorderLevel: z
    .number({ error: 'Reorder level must be a whole number' })
    .int('Reorder level must be a whole number')
    .min(0, 'Reorder level must not be negative')
    .max(1_000_000, 'Reorder level is at most 1,000,000')
    .nullable()
    .default(null),
  /**
   * The product's own tax rate in basis points; null = the store's default. Omitted: none on
   * create, unchanged on update (clients written before the field existed keep a product's rate).
   */
  taxRate: basisPointsSchema.nullish(),
  /**
   * How the product is sold: EACH (the default on create) or per KG, L or M, when `quantity`
   * and `reorderLevel` are thousandths of the unit and `price` is per unit. Omitted on update:
   * unchanged.
   */
  unit: z.enum(PRODUCT_UNITS, { error: 'Unit must be EACH, KG, L or M' }).optional(),
});
export type CreateProductBody = z.input<typeof CreateProductBodySchema>;

/** Editing never touches `quantity`: stock changes only through adjustments (the ledger). */
export const UpdateProductBodySchema = CreateProductBodySchema.omit({ quantity: true });
export type UpdateProductBody = z.input<typeof UpdateProductBodySchema>;

export const STOCK_REASONS = ['SALE', 'REFUND', 'CARGO_ARRIVAL', 'CARGO_REVERT', 'ADJUSTMENT', 'COUNT'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** Why a stock adjustment was made, chosen in the adjust dialog. */
export const ADJUSTMENT_REASONS = ['RECEIVED', 'DAMAGED', 'THEFT', 'CORRECTION', 'OWN_USE'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

/** A stock adjustment (`delta`) or a stock-take count (`countedQuantity`), exactly one of them. */
export const AdjustStockBodySchema = z
  .object({
    delta: z.number().int().min(-1_000_000).max(1_000_000).optional(),
    countedQuantity: z.number().int().min(0).max(1_000_000).optional(),
    reason: z.enum(['ADJUSTMENT', 'COUNT']).optional(),
    /** Why an adjustment (`delta`) was made; optional for clients written before it existed. */
    adjustmentReason: z
      .enum(ADJUSTMENT_REASONS, {
        error: 'Choose why the stock changed: received, damaged, theft, correction or own use',
      })
      .optional(),
    note: singleLineText({ label: 'Note', max: 200 }).optional(),
  })
  .refine((b) => (b.delta === undefined) !== (b.countedQuantity === undefined), {
    message: 'Give either delta or countedQuantity',
    path: ['delta'],
  })
  .refine((b) => b.adjustmentReason === undefined || b.countedQuantity === undefined, {
    message: 'A count has no adjustment reason: the count itself is the reason',
    path: ['adjustmentReason'],
  });
export type AdjustStockBody = z.infer<typeof AdjustStockBodySchema>;

export const PRODUCT_SORTS = [
  'name',
  '-name',
  'code',
  'price',
  '-price',
  'quantity',
  '-quantity',
  /** Recently edited first: a change of stock (a sale, a count) does not move a product up. */
  '-updatedAt',
] as const;

/**
 * A number in a URL path: decimal digits only, so `0x10`, `1e2`, ` 5` or `+5` are refused rather
 * than read as some other number.
 */
function pathNumber(label: string, min: number, max: number, range: string) {
  return z
    .string()
    .regex(/^\d{1,9}$/, `${label} must be a whole number in digits`)
    .transform(Number)
    .pipe(z.number().min(min, range).max(max, range));
}

export const WindowParamsSchema = z.object({
  page: pathNumber('Page', 0, 999_999_999, 'Page starts at 0'),
  size: pathNumber('Size', 1, 100, 'Size is 1 to 100'),
});

export const ProductSearchQuerySchema = z.object({
  q: singleLineText({ label: 'Search', max: 100 }).optional(),
  sort: z.enum(PRODUCT_SORTS).optional(),
  category: singleLineText({ label: 'Category', max: 60 }).optional(),
  /** `true`: only products with a reorder level whose quantity is at or below it. */
  lowStock: z
    .enum(['true', 'false'], { error: 'lowStock must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
});
export type ProductSearchQuery = z.infer<typeof ProductSearchQuerySchema>;

export function windowSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
  });
}

export const ProductWindowSchema = windowSchema(ProductSchema);

/**
 * `GET /product/summary`: the store's catalogue at a glance. Values are minor units of the store's
 * main currency: the sum over products of max(quantity, 0) × cost (resp. price), so negative
 * stock never lowers the value. `stockValueAtCost` is null for a member who may not see cost
 * (`seesCost` in staff.ts): the server does not send it.
 */
export const ProductSummarySchema = z.object({
  productCount: z.number().int(),
  stockValueAtCost: z.number().int().nullable(),
  stockValueAtPrice: z.number().int(),
  lowStockCount: z.number().int(),
});
export type ProductSummary = z.infer<typeof ProductSummarySchema>;
export type ProductWindow = z.infer<typeof ProductWindowSchema>;

export const RandomBarcodeResponseSchema = z.object({ code: z.string() });
export type RandomBarcodeResponse = z.infer<typeof RandomBarcodeResponseSchema>;

/** What is known of a barcode the store does not have yet (`/product/code/{code}/jn`). */
export const ProductSuggestionSchema = z.object({
  code: z.string(),
  valid: z.boolean(),
  gs1Country: z.string().nullable(),
  name: z.string().optional(),
  brand: z.string().optional(),
  category: z.string().optional(),
  price: z.number().int().optional(),
  /** Where the name and brand came from, e.g. the urlName of another of the user's stores. */
  source: z.string().optional(),
});
export type ProductSuggestion = z.infer<typeof ProductSuggestionSchema>;

/**
 * `GET /product/lookup/{code}`: a barcode lookup whose "no such product" is an answer (null), not a
 * 404 error, since a scan of an unknown code is an everyday event (the browser logs every 404
 * as an error in the console).
 */
export const ProductLookupSchema = z.object({ product: ProductSchema.nullable() });
export type ProductLookup = z.infer<typeof ProductLookupSchema>;

/** A product's code in a URL path; anything longer cannot be a product code. */
export const ProductCodeParamsSchema = z.object({ code: singleLineText({ label: 'Barcode', min: 1, max: 100 }) });

/** One row of the stock ledger (product.md §5): quantity always equals the sum of its deltas. */
export const StockMovementSchema = z.object({
  id: z.string(),
  productId: z.string(),
  delta: z.number().int(),
  reason: z.enum(STOCK_REASONS),
  /** The sale, cargo or import that caused it, when there is one. */
  refCode: z.string().nullable(),
  userId: z.string().nullable(),
  /** Who made it: the user's name, else their email; null for a movement without a user. */
  userName: z.string().nullable(),
  note: z.string(),
  /** Why an ADJUSTMENT was made; null for other movements and older adjustments. */
  adjustmentReason: z.enum(ADJUSTMENT_REASONS).nullable().default(null),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof StockMovementSchema>;

export const StockMovementWindowSchema = windowSchema(StockMovementSchema);
export type StockMovementWindow = z.infer<typeof StockMovementWindowSchema>;

/** Distinct non-empty categories of the store, sorted, for the catalogue filter. */
export const ProductCategoriesSchema = z.array(z.string());
export type ProductCategories = z.infer<typeof ProductCategoriesSchema>;

/**
 * The item columns of the product CSV (item-csv.ts reads them): the item's handle, shared by the
 * rows of its variants, and up to 3 options as name and value pairs.
 */
export const VARIANT_CSV_COLUMNS = [
  'handle',
  'option1Name',
  'option1Value',
  'option2Name',
  'option2Value',
  'option3Name',
  'option3Value',
] as const;

/** Columns of the product CSV file, in order (export writes them; import reads them by name). */
export const PRODUCT_CSV_COLUMNS = [
  'code',
  'name',
  'brand',
  'category',
  'price',
  'cost',
  'quantity',
  'description',
  // A product's own tax rate as a percentage ("8", "8.5"); empty = the store's default. Last, and
  // optional on import, so files written before it existed import as they did.
  'taxRate',
  // EACH, KG, L or M; empty = EACH. A measured product's quantity is integer thousandths of the
  // unit, as the API keeps it. Optional on import, after taxRate, for the same reason.
  'unit',
  // Variants (item-csv.ts): one row per variant; rows with the same handle are one item, whose
  // options are named by the optionN Name columns and valued by the optionN Value columns. Blank
  // for a product without options. Last and optional, so files written before still import.
  ...VARIANT_CSV_COLUMNS,
] as const;

export const IMPORT_BATCH_MAX_ROWS = 1000;

const cell = z.string().max(5000);
const numberCell = z.union([z.string().max(100), z.number()]);

/**
 * One CSV line as the client read it: text as found (price and cost as decimal text in the main
 * currency). The server checks each row with the create rules and reports bad ones by `line`, so
 * one bad line never sinks the batch. A missing optional field keeps the existing value on update.
 */
export const ImportRowSchema = z.object({
  line: z.number().int().min(1),
  code: cell,
  name: cell,
  brand: cell.optional(),
  category: cell.optional(),
  price: numberCell,
  cost: numberCell.optional(),
  /** Opening stock: only applied when the row creates the product, never on update. */
  quantity: numberCell.optional(),
  description: cell.optional(),
  /** The product's own tax rate as percentage text ("8", "8.5"); absent or empty keeps it on update. */
  taxRate: cell.optional(),
  /** EACH, KG, L or M; absent or empty is EACH. Taken when the row creates the product. */
  unit: cell.optional(),
  /** The item's handle and options (item-csv.ts); all absent or empty: a product of its own, as before. */
  handle: cell.optional(),
  option1Name: cell.optional(),
  option1Value: cell.optional(),
  option2Name: cell.optional(),
  option2Value: cell.optional(),
  option3Name: cell.optional(),
  option3Value: cell.optional(),
  /** A fourth option's columns, read by the web importer only to refuse the row: at most 3 options. */
  option4Name: cell.optional(),
  option4Value: cell.optional(),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

/** The rows of one batch: at most IMPORT_BATCH_MAX_ROWS, each checked by `row`. */
const batchRows = <T extends z.ZodType>(row: T) =>
  z.array(row).max(IMPORT_BATCH_MAX_ROWS, `At most ${IMPORT_BATCH_MAX_ROWS} rows per batch`);

/** A batch of an import; the same `importId` + `batch` sent again returns the first result. */
export const ImportBatchBodySchema = z.object({
  importId: z.string().uuid('Must be a UUID'),
  batch: z.number().int().min(0).max(1_000_000),
  rows: batchRows(ImportRowSchema),
});
export type ImportBatchBody = z.infer<typeof ImportBatchBodySchema>;

/**
 * The same batch with its rows not yet checked one by one: the server checks the envelope with
 * it, then the rows against ImportRowSchema in slices, so one request never holds its event loop
 * for a thousand rows at once.
 */
export const ImportBatchEnvelopeSchema = ImportBatchBodySchema.extend({ rows: batchRows(z.unknown()) });

export const ImportRowErrorSchema = z.object({ line: z.number().int(), field: z.string(), message: z.string() });

export const ImportBatchResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Problems of the rejected rows, one per bad field (a row may have several). */
  errors: z.array(ImportRowErrorSchema),
  /** True when the free plan's product limit stopped rows of this batch. */
  limitReached: z.boolean(),
  /**
   * Rows not imported because they would add a product past the free plan's limit (not listed in
   * `errors`). created + updated + unchanged + limited + rejected = the rows of the batch.
   * Defaults keep results stored before these fields existed readable.
   */
  limited: z.number().int().default(0),
  /** The first line stopped by the limit, or null. */
  firstLimitedLine: z.number().int().nullable().default(null),
  /** Rows refused for their content (each has at least one entry in `errors`). */
  rejected: z.number().int().default(0),
});
export type ImportBatchResult = z.infer<typeof ImportBatchResultSchema>;

/** At most this many codes per `/product/import/check` call (one import batch's worth). */
export const IMPORT_CHECK_MAX_CODES = IMPORT_BATCH_MAX_ROWS;

/**
 * `POST /product/import/check`: before an import, which of a file's codes the store already has
 * (rows for them update, never using a free-plan slot) and how many new products still fit.
 */
export const ImportCheckBodySchema = z.object({
  codes: z
    .array(z.string().max(100, 'A barcode is at most 100 characters'))
    .max(IMPORT_CHECK_MAX_CODES, `At most ${IMPORT_CHECK_MAX_CODES} codes per call`),
});
export type ImportCheckBody = z.infer<typeof ImportCheckBodySchema>;

export const ImportCheckResultSchema = z.object({
  /** The given codes this store already has. */
  known: z.array(z.string()),
  /** New products the plan still allows; null when there is no limit (premium). */
  remainingSlots: z.number().int().nullable(),
  /** The plan's product limit (across the user's stores); null when there is none. */
  productLimit: z.number().int().nullable(),
});
export type ImportCheckResult = z.infer<typeof ImportCheckResultSchema>;
