import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  PRODUCT_CSV_COLUMNS,
  asProductUnit,
  basisPointsToPercent,
  csvLine,
  minorToDecimalText,
  protectFormula,
  quantityInputText,
  type CurrencyCode,
} from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import type { Scope } from '../access/index.ts';
import { productsAfterCode } from './products.repo.ts';

/** Rows per read: a short synchronous step on SQLite, so other requests run between pages. */
const PAGE = 250;
/**
 * Bytes buffered ahead of the client: the next page is read only once the client has taken the
 * previous ones, so a slow reader costs neither memory nor database work (Readable.from's default,
 * 16 objects, read 16 pages ahead of the socket).
 */
const AHEAD_BYTES = 64 * 1024;

/**
 * All products of the store as CSV, streamed page by page (keyset on the store-unique code) so a
 * 100k catalogue never sits in memory, and only as fast as the client reads it. Starts with a UTF-8 byte-order mark, which spreadsheet apps
 * need to read non-Latin names correctly. Prices are decimal text in the store's main currency.
 */
export async function exportProductsCsv(
  ctx: AppContext,
  scope: Scope,
): Promise<{ filename: string; stream: Readable }> {
  const { store } = scope;
  const currency = store.main_currency as CurrencyCode;
  async function* lines(): AsyncGenerator<string> {
    yield `\uFEFF${csvLine([...PRODUCT_CSV_COLUMNS])}`;
    let after: string | null = null;
    for (;;) {
      const rows = await productsAfterCode(ctx.db, store.id, after, PAGE);
      if (rows.length === 0) return;
      let chunk = '';
      for (const p of rows) {
        chunk += csvLine([
          p.code,
          protectFormula(p.name),
          protectFormula(p.brand),
          protectFormula(p.category),
          minorToDecimalText(Number(p.price), currency),
          minorToDecimalText(Number(p.cost), currency),
          // In the product's unit, as people read it and the import reads it back: 1.250 (kg).
          quantityInputText(Number(p.quantity), asProductUnit(p.unit)),
          protectFormula(p.description),
          p.tax_rate === null ? '' : basisPointsToPercent(Number(p.tax_rate)),
          p.unit,
        ]);
      }
      yield chunk;
      if (rows.length < PAGE) return;
      after = rows[rows.length - 1]!.code;
      await nextTurn();
    }
  }
  return {
    filename: `products-${store.url_name}.csv`,
    stream: Readable.from(lines(), { objectMode: false, highWaterMark: AHEAD_BYTES }),
  };
}
