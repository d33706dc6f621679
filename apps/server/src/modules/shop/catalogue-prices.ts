import {
  asProductUnit,
  CURRENCIES,
  isMeasuredUnit,
  labelProductCodes,
  lineFromLabel,
  scanWithRules,
  type BarcodeRule,
  type CurrencyCode,
  type SaleLineInput,
} from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { storeBarcodeRules } from '../barcode-rules/index.ts';
import { priceInEffect } from './catalogue-prices.repo.ts';

/**
 * Prices are the server's (product.md §2). A catalogue line is sold at the product's price in
 * effect at the sale's time: the current price when the product was not edited since, else the
 * one its price history held then (an offline sale made before a price change keeps the price the
 * customer paid). A price-embedded label's price counts as the catalogue's only when the server
 * reads the same price from the scanned label with the store's barcode rules. Any other price is an
 * override, whatever the client says: the member needs PRICE_OVERRIDE or an approval for it, and the
 * line keeps the catalogue price beside it.
 */

/** What pricing a catalogue line needs of its product (transactions.repo.ts productsByCodesQuery). */
export interface CatalogueProduct {
  id: string;
  code: string;
  price: number | string;
  unit: string;
  updated_at: string;
}

/** How the server prices one catalogue line. */
export interface CatalogueLinePrice {
  /** The price the line is sold at: the client's when it sent one, else the catalogue's. */
  unitPrice: number;
  cataloguePrice: number;
  /** The line's price is not the catalogue's (nor a label's the server read). */
  priceOverride: boolean;
  /** The label whose price the server read, when it confirmed it. */
  labelCode: string | null;
}

/** The catalogue price of each product at `soldAt`, by product id: one read per product edited since. */
async function pricesAt(ctx: AppContext, storeId: string, products: CatalogueProduct[], soldAt: string) {
  const prices = new Map<string, number>();
  await Promise.all(
    products.map(async (p) => {
      // Not edited since the sale: its price now is the one in effect then (no read).
      const then = p.updated_at <= soldAt ? undefined : await priceInEffect(ctx.db, storeId, p.id, soldAt);
      prices.set(p.id, then ?? Number(p.price));
    }),
  );
  return prices;
}

/**
 * The price a label of this product gives its line (a measured line's label price, or a piece's
 * unit price), read as the counter reads it (`lineFromLabel`); null when the label names another
 * product or gives no price (a weight or count label, or none the counter would add).
 */
function labelPriceOf(
  label: string,
  product: CatalogueProduct,
  cataloguePrice: number,
  rules: readonly BarcodeRule[],
  currency: CurrencyCode,
): number | null {
  const scan = scanWithRules(label, rules);
  if (!scan?.ok || !labelProductCodes(scan).includes(product.code)) return null;
  const read = lineFromLabel(
    scan,
    { price: cataloguePrice, unit: asProductUnit(product.unit) },
    CURRENCIES[currency].exponent,
  );
  return read.ok ? (read.line.labelPrice ?? read.line.unitPrice ?? null) : null;
}

/**
 * Prices the catalogue lines of a sale, in `inputs` order (undefined for an open-price line):
 * the sale's `soldAt` (ISO) picks the prices in effect; the store's rules read the labels.
 */
export async function priceCatalogueLines(
  ctx: AppContext,
  store: { id: string; main_currency: string },
  inputs: readonly SaleLineInput[],
  products: ReadonlyMap<string, CatalogueProduct>,
  soldAt: string,
): Promise<(CatalogueLinePrice | undefined)[]> {
  const sold = [...new Set(inputs.flatMap((l) => (l.code ? [products.get(l.code)!] : [])))];
  const [prices, rules] = await Promise.all([
    pricesAt(ctx, store.id, sold, soldAt),
    inputs.some((l) => l.label !== undefined) ? storeBarcodeRules(ctx.db, store.id) : [],
  ]);
  return inputs.map((line) => {
    const product = line.code ? products.get(line.code) : undefined;
    if (!product) return undefined;
    const cataloguePrice = prices.get(product.id)!;
    const measured = isMeasuredUnit(asProductUnit(product.unit));
    const claimed = measured ? line.labelPrice : line.unitPrice;
    const read =
      line.label === undefined
        ? null
        : labelPriceOf(line.label, product, cataloguePrice, rules, store.main_currency as CurrencyCode);
    if (read !== null && claimed === read) {
      // A measured line costs its label's price at the product's price per unit; a piece's label is its price.
      return {
        unitPrice: measured ? cataloguePrice : read,
        cataloguePrice,
        priceOverride: false,
        labelCode: line.label!,
      };
    }
    const unitPrice = line.unitPrice ?? cataloguePrice;
    // A label price the server could not read from a label is as much an override as a typed price.
    const priceOverride = unitPrice !== cataloguePrice || line.labelPrice !== undefined;
    return { unitPrice, cataloguePrice, priceOverride, labelCode: null };
  });
}
