import { Readable } from 'node:stream';
import { PRODUCT_CSV_COLUMNS, csvLine, minorToDecimalText, protectFormula, type CurrencyCode } from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import type { Scope } from '../access/index.ts';
import { productsAfterCode } from './products.repo.ts';

const PAGE = 1000;

/**
 * All products of the store as CSV, streamed page by page (keyset on the store-unique code) so a
 * 100k catalogue never sits in memory. Starts with a UTF-8 byte-order mark, which spreadsheet apps
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
          Number(p.quantity),
          protectFormula(p.description),
        ]);
      }
      yield chunk;
      if (rows.length < PAGE) return;
      after = rows[rows.length - 1]!.code;
    }
  }
  return { filename: `products-${store.url_name}.csv`, stream: Readable.from(lines()) };
}
