import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  ITEM_MAX_OPTIONS,
  PRODUCT_CSV_COLUMNS,
  asProductUnit,
  basisPointsToPercent,
  csvLine,
  minorToDecimalText,
  protectFormula,
  quantityInputText,
  type CurrencyCode,
  type ItemOption,
} from '@shopdesk/shared';
import type { ItemRow, ProductRow } from '../../db/types.ts';
import type { AppContext } from '../../lib/context.ts';
import type { Scope } from '../access/index.ts';
import { findVariantsOfItems, itemsAfterId } from './items-import.repo.ts';

/** Items per read: a short synchronous step on SQLite, so other requests run between pages. */
const PAGE = 250;
/**
 * Bytes buffered ahead of the client: the next page is read only once the client has taken the
 * previous ones, so a slow reader costs neither memory nor database work (Readable.from's default,
 * 16 objects, read 16 pages ahead of the socket).
 */
const AHEAD_BYTES = 64 * 1024;

/**
 * An item's variants in the order of its options' values (then their own order), so the import,
 * which collects values in file order, gives the item back its options as they were.
 */
function variantsInOrder(options: ItemOption[], variants: ProductRow[]): ProductRow[] {
  const rank = (v: ProductRow) => {
    const values = JSON.parse(v.option_values) as string[];
    return values.map((value, k) => options[k]?.values.indexOf(value) ?? -1);
  };
  const ranked = variants.map((v) => ({ v, r: rank(v) }));
  ranked.sort((a, b) => {
    for (let k = 0; k < ITEM_MAX_OPTIONS; k++) {
      const d = (a.r[k] ?? 0) - (b.r[k] ?? 0);
      if (d !== 0) return d;
    }
    return a.v.variant_position - b.v.variant_position || (a.v.code < b.v.code ? -1 : 1);
  });
  return ranked.map(({ v }) => v);
}

/**
 * All products of the store as CSV, one row per variant, streamed item page by item page (keyset on
 * the item id) so a 100k catalogue never sits in memory, and only as fast as the client reads it.
 * Starts with a UTF-8 byte-order mark, which spreadsheet apps need to read non-Latin names
 * correctly. Prices are decimal text in the store's main currency. A variant of an item with
 * options carries the item's name, handle (its id until it has one) and its option names and
 * values; a product of its own leaves them blank, as files written before variants.
 */
export async function exportProductsCsv(
  ctx: AppContext,
  scope: Scope,
): Promise<{ filename: string; stream: Readable }> {
  const { store } = scope;
  const currency = store.main_currency as CurrencyCode;
  const line = (p: ProductRow, item: ItemRow | undefined, options: ItemOption[]) => {
    const values = JSON.parse(p.option_values) as string[];
    const itemCells =
      item && options.length > 0
        ? [item.handle ?? item.id, ...options.flatMap((o, k) => [o.name, values[k] ?? ''])]
        : [];
    while (itemCells.length < 1 + 2 * ITEM_MAX_OPTIONS) itemCells.push('');
    return csvLine([
      p.code,
      protectFormula(item && options.length > 0 ? item.name : p.name),
      protectFormula(p.brand),
      protectFormula(p.category),
      minorToDecimalText(Number(p.price), currency),
      minorToDecimalText(Number(p.cost), currency),
      // In the product's unit, as people read it and the import reads it back: 1.250 (kg).
      quantityInputText(Number(p.quantity), asProductUnit(p.unit)),
      protectFormula(p.description),
      p.tax_rate === null ? '' : basisPointsToPercent(Number(p.tax_rate)),
      p.unit,
      ...itemCells.map((c) => protectFormula(c)),
    ]);
  };
  async function* lines(): AsyncGenerator<string> {
    yield `\uFEFF${csvLine([...PRODUCT_CSV_COLUMNS])}`;
    let after: string | null = null;
    for (;;) {
      const items = await itemsAfterId(ctx.db, store.id, after, PAGE);
      if (items.length === 0) return;
      const variants = await findVariantsOfItems(
        ctx.db,
        store.id,
        items.map((i) => i.id),
      );
      const byItem = new Map<string, ProductRow[]>();
      for (const v of variants) {
        const list = byItem.get(v.item_id);
        if (list) list.push(v);
        else byItem.set(v.item_id, [v]);
      }
      let chunk = '';
      for (const item of items) {
        const options = JSON.parse(item.options) as ItemOption[];
        for (const p of variantsInOrder(options, byItem.get(item.id) ?? [])) chunk += line(p, item, options);
      }
      yield chunk;
      if (items.length < PAGE) return;
      after = items[items.length - 1]!.id;
      await nextTurn();
    }
  }
  return {
    filename: `products-${store.url_name}.csv`,
    stream: Readable.from(lines(), { objectMode: false, highWaterMark: AHEAD_BYTES }),
  };
}
