import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CUSTOMER_CSV_COLUMNS, csvLine, minorToDecimalText, protectFormula, type CurrencyCode } from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import type { Scope } from '../access/index.ts';
import { recordAudit } from '../audit/index.ts';
import { customersAfterCode } from './customers.repo.ts';

/** Rows per read: a short step on SQLite, so other requests run between pages. */
const PAGE = 250;
/** Bytes buffered ahead of the client (as the product export: a slow reader costs no memory). */
const AHEAD_BYTES = 64 * 1024;

/**
 * Every live customer of the store as CSV (UTF-8 with BOM), streamed page by page in member-code
 * order and only as fast as the client reads. Personal data leaves the app here, so the export is
 * audited (CUSTOMER_EXPORT) before the first byte. The file imports back: the import reads the
 * columns it knows (code, name, nameKana, phone, email, note, marketingConsent) and ignores the
 * figures after them.
 */
export async function exportCustomersCsv(
  ctx: AppContext,
  scope: Scope,
): Promise<{ filename: string; stream: Readable }> {
  const { store } = scope;
  const currency = store.main_currency as CurrencyCode;
  await recordAudit(ctx.db, scope, { action: 'CUSTOMER_EXPORT', entity: 'CUSTOMER', at: ctx.clock.now() });
  async function* lines(): AsyncGenerator<string> {
    yield `\uFEFF${csvLine([...CUSTOMER_CSV_COLUMNS])}`;
    let after: string | null = null;
    for (;;) {
      const rows = await customersAfterCode(ctx.db, store.id, after, PAGE);
      if (rows.length === 0) return;
      let chunk = '';
      for (const c of rows) {
        chunk += csvLine([
          c.code,
          protectFormula(c.name),
          protectFormula(c.name_kana),
          protectFormula(c.phone),
          protectFormula(c.email),
          protectFormula(c.note),
          Number(c.marketing_consent) === 1 ? 'yes' : 'no',
          Number(c.points_balance),
          Number(c.visits),
          minorToDecimalText(Number(c.total_spent), currency),
          c.last_visit_at ?? '',
          c.created_at,
        ]);
      }
      yield chunk;
      if (rows.length < PAGE) return;
      after = rows[rows.length - 1]!.code;
      await nextTurn();
    }
  }
  return {
    filename: `customers-${store.url_name}.csv`,
    stream: Readable.from(lines(), { objectMode: false, highWaterMark: AHEAD_BYTES }),
  };
}
