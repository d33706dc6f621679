import { encodeCopyValue, type CellValue } from './copy-text.ts';

/**
 * What a move between engines proves (issue: "after the move every figure is the same"): for
 * every table, its rows, the sum of each whole-number column (money, quantities, points) and a
 * fingerprint of every value (text included: names, PIN hashes, audit summaries), computed the same
 * way from the backup's rows as they are read and from the restored database's rows read back. The
 * fingerprint is a sum of per-row hashes, so it does not depend on the order rows come in.
 */
export interface TableFigures {
  rows: number;
  /** Sum of each whole-number column, by column. */
  sums: Map<string, bigint>;
  /** Order-free fingerprint: two 32-bit sums of row hashes. */
  hash: [number, number];
}

export type Figures = Map<string, TableFigures>;

/** Two FNV-1a hashes of the row's text with different seeds: 64 bits against chance collisions. */
function rowHash(text: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  return [a >>> 0, b >>> 0];
}

/** Adds rows of tables to their figures; columns are named so both sides hash them in one order. */
export class FigureCounter {
  readonly figures: Figures = new Map();
  private order = new Map<string, { names: string[]; index: number[]; whole: boolean[] }>();

  /** Declares a table's columns (in the order rows will give them) and which hold whole numbers. */
  table(table: string, columns: readonly string[], wholeNumber: (column: string) => boolean): void {
    const names = [...columns].sort();
    this.order.set(table, {
      names,
      index: names.map((n) => columns.indexOf(n)),
      whole: names.map(wholeNumber),
    });
    if (!this.figures.has(table)) this.figures.set(table, { rows: 0, sums: new Map(), hash: [0, 0] });
  }

  add(table: string, values: readonly CellValue[]): void {
    const { names, index, whole } = this.order.get(table)!;
    const figures = this.figures.get(table)!;
    let text = '';
    for (let k = 0; k < names.length; k++) {
      let value = values[index[k]!] ?? null;
      if (whole[k] && value !== null) {
        const n = BigInt(value);
        figures.sums.set(names[k]!, (figures.sums.get(names[k]!) ?? 0n) + n);
        value = n.toString();
      }
      text += `${encodeCopyValue(value)}\t`;
    }
    const [a, b] = rowHash(text);
    figures.rows++;
    figures.hash = [(figures.hash[0] + a) >>> 0, (figures.hash[1] + b) >>> 0];
  }
}

export interface VerificationRow {
  what: string;
  backup: string;
  restored: string;
  same: boolean;
}

/** Named money and stock figures shown beside the row counts: table, column, label. */
const NAMED: [string, string, string][] = [
  ['shop_transactions', 'total', 'sales: sum of totals'],
  ['shop_refunds', 'total', 'refunds: sum of totals'],
  ['shop_tenders', 'amount', 'tenders: sum of amounts'],
  ['products', 'quantity', 'stock: units on hand'],
  ['stock_movements', 'delta', 'stock ledger: sum of movements'],
  ['loyalty_entries', 'points', 'points ledger: sum of entries'],
  ['stored_value_entries', 'amount', 'stored value ledger: sum of entries'],
  ['stat_products_day', 'revenue', 'statistics: revenue by product and day'],
];

/** The verification table: per table rows and fingerprint, then the named sums. */
export function compareFigures(backup: Figures, restored: Figures): VerificationRow[] {
  const rows: VerificationRow[] = [];
  const tables = [...new Set([...backup.keys(), ...restored.keys()])].sort();
  for (const table of tables) {
    const b = backup.get(table);
    const r = restored.get(table);
    const sumsSame = !!b && !!r && [...b.sums].every(([c, s]) => r.sums.get(c) === s) && b.sums.size === r.sums.size;
    const hashSame = !!b && !!r && b.hash[0] === r.hash[0] && b.hash[1] === r.hash[1];
    rows.push({
      what: `${table} (rows${hashSame ? ', values' : ''})`,
      backup: String(b?.rows ?? '-'),
      restored: String(r?.rows ?? '-'),
      same: !!b && !!r && b.rows === r.rows && sumsSame && hashSame,
    });
  }
  for (const [table, column, label] of NAMED) {
    const b = backup.get(table)?.sums.get(column);
    const r = restored.get(table)?.sums.get(column);
    if (b === undefined && r === undefined) continue;
    rows.push({ what: label, backup: String(b ?? '-'), restored: String(r ?? '-'), same: b === r });
  }
  return rows;
}

/** The table as the restore prints it. */
export function formatVerification(rows: VerificationRow[]): string {
  const head = ['what', 'in the backup', 'restored', ''];
  const cells = rows.map((r) => [r.what, r.backup, r.restored, r.same ? 'same' : 'DIFFERS']);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((x, i) => x.padEnd(widths[i]!)).join('  ');
  return [line(head), ...cells.map(line)].join('\n');
}
