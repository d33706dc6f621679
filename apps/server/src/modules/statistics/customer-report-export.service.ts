import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  CUSTOMER_REPORT_CSV_COLUMNS,
  csvLine,
  minorToDecimalText,
  protectFormula,
  type CurrencyCode,
  type CustomerReportCsvQuery,
} from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import type { Scope } from '../access/index.ts';
import { customerRows } from './customer-report.repo.ts';
import { customerPeriod, toCustomerSales } from './customer-report.service.ts';

/** Lines per chunk written: other requests run between chunks. */
const CHUNK = 250;
const AHEAD_BYTES = 64 * 1024;

/**
 * `GET /shop/statistic/customers.csv`: every customer of the period, highest net first (the JSON's
 * order), as the exceptions CSV: UTF-8 with a byte-order mark, amounts as decimal text of the main
 * currency, names guarded against formulas. The period is checked before the stream starts, so a
 * bad one is a 400, never a broken file; the rows are read in one query (see customerRows).
 */
export function exportCustomerReportCsv(
  ctx: AppContext,
  scope: Scope,
  query: CustomerReportCsvQuery,
): { filename: string; stream: Readable } {
  const { store } = scope;
  const period = customerPeriod(scope, query);
  const currency = store.main_currency as CurrencyCode;
  const money = (v: number) => minorToDecimalText(v, currency);
  async function* lines(): AsyncGenerator<string> {
    yield `\uFEFF${csvLine([...CUSTOMER_REPORT_CSV_COLUMNS])}`;
    const rows = await customerRows(ctx.db, period);
    for (let i = 0; i < rows.length; i += CHUNK) {
      let chunk = '';
      for (const data of rows.slice(i, i + CHUNK)) {
        const r = toCustomerSales(data, period.from);
        chunk += csvLine([
          r.code,
          protectFormula(r.name),
          String(r.salesCount),
          money(r.total),
          money(r.refunded),
          money(r.net),
          r.newInPeriod ? 'NEW' : 'RETURNING',
        ]);
      }
      yield chunk;
      await nextTurn();
    }
  }
  return {
    filename: `customers-${store.url_name}-${period.from}_${period.to}.csv`,
    stream: Readable.from(lines(), { objectMode: false, highWaterMark: AHEAD_BYTES }),
  };
}
