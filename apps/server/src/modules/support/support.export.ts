import { csvLine, protectFormula } from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import { listAllSupportRequests } from './support.repo.ts';

export type SupportExportFormat = 'csv' | 'json';

const COLUMNS = ['id', 'createdAt', 'name', 'email', 'mailedTo', 'subject', 'message'] as const;

/**
 * Every stored support request, as CSV (one row each, a header first; cells that a spreadsheet
 * would run as a formula are quoted) or as a JSON array: how the administrator of an installation
 * without SUPPORT_EMAIL reads the requests (`npm run support:export`).
 */
export async function exportSupportRequests(db: DbOrTx, format: SupportExportFormat): Promise<string> {
  const rows = (await listAllSupportRequests(db)).map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    name: r.user_name,
    email: r.reply_to,
    mailedTo: r.mailed_to,
    subject: r.subject,
    message: r.message,
  }));
  if (format === 'json') return `${JSON.stringify(rows, null, 2)}\n`;
  return csvLine([...COLUMNS]) + rows.map((r) => csvLine(COLUMNS.map((c) => protectFormula(r[c] ?? '')))).join('');
}
