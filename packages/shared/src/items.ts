import { z } from 'zod';
import { productCodeSchema } from './product-code-schema.ts';
import { PRODUCT_IMAGE_ID_PATTERN } from './files.ts';
import { ProductSchema, windowSchema } from './products.ts';
import { basisPointsSchema } from './sale-settings.ts';
import { PRODUCT_UNITS } from './units.ts';
import { multiLineText, singleLineText } from './validation.ts';

/*
 * Items and variants (product.md §4 Item and Variant, §5 "Variants"). A variant is a product: it
 * has the barcode (`code`), price, cost, stock, tax rate and unit, and answers at
 * `/product/code/{code}` as before. An item groups its variants under up to 3 options.
 */

export const ITEM_MAX_OPTIONS = 3;
export const ITEM_MAX_OPTION_VALUES = 100;
export const ITEM_MAX_VARIANTS = 500;
/** A variant's name ("T-shirt (M, Red)") is a product name: at most this long. */
export const VARIANT_NAME_MAX = 120;

/** The name a variant carries everywhere a product name shows (receipts, labels, search). */
export function variantName(itemName: string, optionValues: readonly string[]): string {
  return optionValues.length === 0 ? itemName : `${itemName} (${optionValues.join(', ')})`;
}

const sameText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/** First index of a value that repeats an earlier one, ignoring case; -1 when all differ. */
export function firstRepeat(values: readonly string[]): number {
  return values.findIndex((v, i) => values.slice(0, i).some((w) => sameText(v, w)));
}

export const ItemOptionSchema = z
  .object({
    name: singleLineText({ label: 'Option name', min: 1, max: 20 }),
    values: z
      .array(singleLineText({ label: 'Option value', min: 1, max: 20 }))
      .min(1, 'An option needs at least one value')
      .max(ITEM_MAX_OPTION_VALUES, `An option has at most ${ITEM_MAX_OPTION_VALUES} values`),
  })
  .superRefine((option, ctx) => {
    const repeat = firstRepeat(option.values);
    if (repeat >= 0)
      ctx.addIssue({ code: 'custom', path: ['values', repeat], message: `"${option.values[repeat]}" is listed twice` });
  });
export type ItemOption = z.infer<typeof ItemOptionSchema>;

export const ItemOptionsSchema = z
  .array(ItemOptionSchema)
  .max(ITEM_MAX_OPTIONS, `An item has at most ${ITEM_MAX_OPTIONS} options`)
  .superRefine((options, ctx) => {
    const repeat = firstRepeat(options.map((o) => o.name));
    if (repeat >= 0)
      ctx.addIssue({ code: 'custom', path: [repeat, 'name'], message: 'Two options have the same name' });
  });

/** The CSV's item handle: a product code's characters, so it travels in files and URLs alike. */
export const itemHandleSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,48}$/, 'Handle must be 1–48 letters, digits, dots, dashes or underscores');

const minorUnits = z
  .number({ error: 'Must be a whole number of minor units' })
  .int('Must be a whole number of minor units')
  .min(0, 'Must not be negative')
  .max(1_000_000_000_000, 'Amount is too large');

/**
 * A variant in an item's create or update. With `id`: an existing variant of this item (fields
 * given change; stock never: that is the ledger's). Without: a new variant, its `code` scanned or
 * typed, or generated (an unused in-store EAN-13) when omitted, with `quantity` as opening stock.
 */
export const ItemVariantInputSchema = z.object({
  id: z.string().min(1).max(64).optional(),
  optionValues: z.array(singleLineText({ label: 'Option value', min: 1, max: 20 })).max(ITEM_MAX_OPTIONS),
  code: productCodeSchema.optional(),
  price: minorUnits,
  cost: minorUnits.optional(),
  quantity: z
    .number({ error: 'Opening stock must be a whole number' })
    .int('Opening stock must be a whole number')
    .min(0, 'Opening stock must not be negative')
    .max(1_000_000, 'Opening stock is at most 1,000,000')
    .optional(),
  reorderLevel: z.number().int().min(0).max(1_000_000).nullish(),
  taxRate: basisPointsSchema.nullish(),
  unit: z.enum(PRODUCT_UNITS, { error: 'Unit must be EACH, KG, L or M' }).optional(),
  retired: z.boolean().optional(),
});
export type ItemVariantInput = z.input<typeof ItemVariantInputSchema>;

const itemFields = {
  handle: itemHandleSchema.nullish(),
  name: singleLineText({ label: 'Name', min: 1, max: 120 }),
  brand: singleLineText({ label: 'Brand', max: 80 }).default(''),
  description: multiLineText({ label: 'Description', max: 2000 }).default(''),
  category: singleLineText({ label: 'Category', max: 60 }).default(''),
  imageId: z
    .string()
    .trim()
    .toLowerCase()
    .regex(PRODUCT_IMAGE_ID_PATTERN, 'Must be the id of a product image uploaded to this store')
    .nullish(),
  options: ItemOptionsSchema.default([]),
};

/**
 * Each listed variant has one value per option, each among that option's values; no two variants
 * share a combination or a code; every name fits.
 */
function checkVariants(
  body: { name: string; options: ItemOption[]; variants: { optionValues: string[]; code?: string }[] },
  ctx: z.RefinementCtx,
) {
  const seen = new Set<string>();
  const codes = new Set<string>();
  body.variants.forEach((v, i) => {
    if (v.optionValues.length !== body.options.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['variants', i, 'optionValues'],
        message: `A variant needs one value for each of the ${body.options.length} options`,
      });
      return;
    }
    const unknown = v.optionValues.findIndex((value, k) => !body.options[k]!.values.some((w) => sameText(w, value)));
    if (unknown >= 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['variants', i, 'optionValues', unknown],
        message: `"${v.optionValues[unknown]}" is not a value of ${body.options[unknown]!.name}`,
      });
      return;
    }
    const key = v.optionValues.map((x) => x.toLowerCase()).join('\u0000');
    if (seen.has(key))
      ctx.addIssue({
        code: 'custom',
        path: ['variants', i, 'optionValues'],
        message: 'Two variants have the same options',
      });
    seen.add(key);
    if (v.code !== undefined) {
      if (codes.has(v.code))
        ctx.addIssue({ code: 'custom', path: ['variants', i, 'code'], message: 'Two variants have the same barcode' });
      codes.add(v.code);
    }
    if (variantName(body.name, v.optionValues).length > VARIANT_NAME_MAX)
      ctx.addIssue({
        code: 'custom',
        path: ['variants', i, 'optionValues'],
        message: `The name with its options is longer than ${VARIANT_NAME_MAX} characters: shorten the name or the values`,
      });
  });
}

export const CreateItemBodySchema = z
  .object({
    ...itemFields,
    variants: z
      .array(ItemVariantInputSchema.omit({ id: true }))
      .min(1, 'An item needs at least one variant')
      .max(ITEM_MAX_VARIANTS, `An item has at most ${ITEM_MAX_VARIANTS} variants`),
  })
  .superRefine(checkVariants);
export type CreateItemBody = z.input<typeof CreateItemBodySchema>;

/**
 * Replaces the item's fields and options; `variants` lists the variants to change (with `id`) or
 * add (without). A variant not listed keeps what it has, and must still fit the options (values
 * may be added, reordered and renamed by listing its variants with their new values; a value in
 * use cannot be dropped: retire its variants instead).
 */
export const UpdateItemBodySchema = z
  .object({
    ...itemFields,
    variants: z
      .array(ItemVariantInputSchema)
      .max(ITEM_MAX_VARIANTS, `An item has at most ${ITEM_MAX_VARIANTS} variants`)
      .default([]),
  })
  .superRefine(checkVariants);
export type UpdateItemBody = z.input<typeof UpdateItemBodySchema>;

export const ItemSchema = z.object({
  id: z.string(),
  handle: z.string().nullable(),
  name: z.string(),
  brand: z.string(),
  description: z.string(),
  category: z.string(),
  imageId: z.string().nullable(),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  /** In the owner's order, retired ones included (`retired: true`). */
  variants: z.array(ProductSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Item = z.infer<typeof ItemSchema>;

/** An item in the folded list: its variants summed, its first variant's code for one-variant items. */
export const ItemSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string(),
  category: z.string(),
  imageId: z.string().nullable(),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  /** Variants not retired. */
  variantCount: z.number().int(),
  /** The only variant's code when there is one; null for an item of several. */
  code: z.string().nullable(),
  /** Total stock of its variants not retired, in thousandths when `unit` is measured. */
  quantity: z.number().int(),
  /**
   * The unit its variants are sold by (those not retired; all when every one is), or null when
   * they differ: a sum of pieces and kilograms means nothing, so a list shows none then.
   */
  unit: z.enum(PRODUCT_UNITS).nullable(),
  priceMin: z.number().int(),
  priceMax: z.number().int(),
  /** Variants at or below their reorder level. */
  lowStockCount: z.number().int(),
  updatedAt: z.string(),
});
export type ItemSummary = z.infer<typeof ItemSummarySchema>;

export const ItemWindowSchema = windowSchema(ItemSummarySchema);
export type ItemWindow = z.infer<typeof ItemWindowSchema>;

export const ItemSearchQuerySchema = z.object({
  q: singleLineText({ label: 'Search', max: 100 }).optional(),
  category: singleLineText({ label: 'Category', max: 60 }).optional(),
  sort: z.enum(['name', '-name', '-updatedAt']).optional(),
});
export type ItemSearchQuery = z.infer<typeof ItemSearchQuerySchema>;

export const ItemIdParamsSchema = z.object({ id: singleLineText({ label: 'Item', min: 1, max: 64 }) });
