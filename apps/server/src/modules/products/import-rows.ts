import {
  asProductUnit,
  CreateProductBodySchema,
  isMeasuredUnit,
  MoneyParseError,
  parseMoneyStrict,
  parseQuantityText,
  percentToBasisPoints,
  readRowItem,
  type RowItem,
  PRODUCT_UNITS,
  type CurrencyCode,
  type ImportRow,
  type ProductUnit,
  UNIT_SYMBOLS,
  unprotectFormula,
} from '@shopdesk/shared';
import { z } from 'zod';
import { isBlank, issueErrors, type RowError } from '../../lib/import-rows.ts';

type CreateProduct = z.output<typeof CreateProductBodySchema>;
export type ImportField = 'name' | 'brand' | 'category' | 'description' | 'price' | 'cost' | 'taxRate';

export type { RowError } from '../../lib/import-rows.ts';

export interface ParsedRow {
  line: number;
  product: CreateProduct;
  /** Fields the row gave; on update the others keep their value. */
  given: Set<ImportField>;
  /** Its item's handle and its options; no handle: a product of its own, as before variants. */
  item: RowItem;
}

const TEXT_FIELDS = ['name', 'brand', 'category', 'description'] as const;

function moneyCell(value: string | number, currency: CurrencyCode): number | string {
  try {
    // Strict: nobody sees a file's cells being read, so `1e999` must be an error, not 1999.00.
    return parseMoneyStrict(String(value), currency);
  } catch (error) {
    if (error instanceof MoneyParseError) return error.message;
    throw error;
  }
}

/**
 * The stock range of an import row (pieces, or thousandths of a measured unit), said as a sentence
 * instead of zod's "Too big: …". The unit is taken when the row creates the product; an existing
 * product keeps its own, since its stock is counted in it.
 */
const QUANTITY_LIMIT = 1_000_000;

/**
 * A row has the rules of creating a product, except its stock: a file exported from a store whose
 * stock went below zero (sales before receiving) brings that stock back as it was.
 */
const ImportRowSchema = CreateProductBodySchema.extend({
  quantity: z.number().int().min(-QUANTITY_LIMIT).max(QUANTITY_LIMIT).default(0),
});

/**
 * A quantity cell in the row's unit, as the export writes it: whole pieces, or a measured unit with
 * at most 3 decimals and a decimal point ("1.250" kg is 1250 thousandths; a comma is never a
 * decimal sign here, since "1,500" reads as fifteen hundred to many).
 */
function quantityCell(value: string | number, unit: ProductUnit): number | string {
  const text = String(value).trim();
  if (!isMeasuredUnit(unit)) {
    if (!/^[-+]?\d{1,9}$/.test(text)) return 'Quantity must be a whole number';
    const quantity = Number(text);
    return Math.abs(quantity) > QUANTITY_LIMIT ? 'Quantity must be between -1,000,000 and 1,000,000' : quantity;
  }
  const symbol = UNIT_SYMBOLS[unit as Exclude<ProductUnit, 'EACH'>];
  const quantity = /^-?\d{1,9}(\.\d{1,3})?$/.test(text) ? parseQuantityText(text, unit) : null;
  if (quantity === null) return `Quantity must be a number of ${symbol} with at most 3 decimals, such as 1.250`;
  return Math.abs(quantity) > QUANTITY_LIMIT ? `Quantity must be between -1,000 and 1,000 ${symbol}` : quantity;
}

/** A tax rate cell is a percentage, as the export writes it and people type it. */
const TAX_RATE_MESSAGE = 'Tax rate must be a percentage from 0 to 100 with at most 2 decimals, such as 8 or 8.5';

/**
 * Checks one CSV row with the same rules as creating a product (shared CreateProductBodySchema),
 * after turning decimal price text into minor units of the store's currency. Returns the parsed
 * row or every problem of the line, each naming its field.
 */
export function parseImportRow(row: ImportRow, currency: CurrencyCode): ParsedRow | RowError[] {
  const errors: RowError[] = [];
  const given = new Set<ImportField>(['name', 'price']);
  const candidate: Record<string, unknown> = { code: row.code };
  for (const field of TEXT_FIELDS) {
    const value = row[field];
    if (value === undefined) continue;
    candidate[field] = unprotectFormula(value);
    given.add(field);
  }
  const price = isBlank(row.price) ? 'Price is required' : moneyCell(row.price, currency);
  if (typeof price === 'string') errors.push({ line: row.line, field: 'price', message: price });
  else candidate.price = price;
  if (!isBlank(row.cost)) {
    const cost = moneyCell(row.cost!, currency);
    if (typeof cost === 'string') errors.push({ line: row.line, field: 'cost', message: cost });
    else {
      candidate.cost = cost;
      given.add('cost');
    }
  }
  if (!isBlank(row.unit)) {
    const unit = String(row.unit).trim().toUpperCase();
    if ((PRODUCT_UNITS as readonly string[]).includes(unit)) candidate.unit = unit;
    else errors.push({ line: row.line, field: 'unit', message: 'Unit must be EACH, KG, L or M' });
  }
  if (!isBlank(row.quantity)) {
    const quantity = quantityCell(row.quantity!, asProductUnit(candidate.unit as string | undefined));
    if (typeof quantity === 'string') errors.push({ line: row.line, field: 'quantity', message: quantity });
    else candidate.quantity = quantity;
  }
  if (!isBlank(row.taxRate)) {
    const taxRate = percentToBasisPoints(String(row.taxRate));
    if (taxRate === null) errors.push({ line: row.line, field: 'taxRate', message: TAX_RATE_MESSAGE });
    else {
      candidate.taxRate = taxRate;
      given.add('taxRate');
    }
  }
  // Option cells are text the export protected from spreadsheets as it does names ("'-1").
  const item = readRowItem(
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [
        k,
        k.startsWith('option') && typeof v === 'string' ? unprotectFormula(v) : v,
      ]),
    ),
  );
  if (Array.isArray(item)) errors.push(...item.map((e) => ({ line: row.line, ...e })));
  const parsed = ImportRowSchema.safeParse(candidate);
  if (!parsed.success) issueErrors(row.line, parsed.error.issues, errors);
  if (errors.length > 0 || !parsed.success || Array.isArray(item)) return errors;
  return { line: row.line, product: parsed.data, given, item };
}
