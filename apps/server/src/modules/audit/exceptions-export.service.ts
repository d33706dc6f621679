import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  EXCEPTION_CSV_COLUMNS,
  csvLine,
  minorToDecimalText,
  protectFormula,
  type CurrencyCode,
  type ExceptionsQuery,
} from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { dateTimeIn } from '../../lib/zoned-date.ts';
import type { Scope } from '../access/index.ts';
import { exceptionFilter, toRow } from './exceptions-report.service.ts';
import { rowsAfter } from './exceptions-report.repo.ts';

/** Rows per read, as the product export: a short step on SQLite, other requests run between pages. */
const PAGE = 250;
/** Bytes buffered ahead of the client: the next page is read once the client took the previous ones. */
const AHEAD_BYTES = 64 * 1024;

/**
 * `GET /report/exceptions.csv`: the report's rows (every one of the period, oldest first, the same
 * rows and the same own-rows rule as the JSON), streamed page by page (keyset on time and row key)
 * only as fast as the client reads, like the product export. UTF-8 with a byte-order mark for
 * spreadsheet apps; times in the store's time zone; amounts as decimal text of the main currency.
 * The period is checked before the stream starts, so a bad one is a 400, never a broken file.
 */
export function exportExceptionsCsv(
  ctx: AppContext,
  scope: Scope,
  query: ExceptionsQuery,
): { filename: string; stream: Readable } {
  const { store } = scope;
  const filter = exceptionFilter(scope, query);
  const currency = store.main_currency as CurrencyCode;
  const money = (v: number | null) => (v === null ? '' : minorToDecimalText(v, currency));
  async function* lines(): AsyncGenerator<string> {
    yield `\uFEFF${csvLine([...EXCEPTION_CSV_COLUMNS])}`;
    let after: { at: string; rowKey: string } | null = null;
    for (;;) {
      const rows = await rowsAfter(ctx.db, filter, after, PAGE);
      if (rows.length === 0) return;
      let chunk = '';
      for (const data of rows) {
        const r = toRow(data);
        chunk += csvLine([
          dateTimeIn(new Date(r.at), store.timezone),
          r.kind,
          protectFormula(r.userName),
          protectFormula(r.approvedByName ?? ''),
          r.approvalMode ?? '',
          protectFormula(r.tillName ?? ''),
          money(r.amount),
          money(r.cataloguePrice),
          r.saleCode ?? '',
          protectFormula(r.detail),
          r.points === null ? '' : String(r.points),
        ]);
      }
      yield chunk;
      if (rows.length < PAGE) return;
      const last = rows[rows.length - 1]!;
      after = { at: last.at, rowKey: last.row_key };
      await nextTurn();
    }
  }
  return {
    filename: `exceptions-${store.url_name}-${filter.from}_${filter.to}.csv`,
    stream: Readable.from(lines(), { objectMode: false, highWaterMark: AHEAD_BYTES }),
  };
}
