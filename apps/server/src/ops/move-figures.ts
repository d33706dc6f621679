/**
 * What a move between engines proves (issue: "after the move every figure is the same"): for
 * every table, its rows, the sum of each whole-number column (money, quantities, points) and a
 * fingerprint of every value (text included: names, PIN hashes, audit summaries), computed the same
 * way from the backup's rows as they are read and from the restored database's rows read back.
 * The fingerprint hashes each row's COPY text line (move-columns.ts `copyLine`: the bytes
 * PostgreSQL's own `COPY … TO` prints for the row, columns in the order the backup side declared)
 * and adds the hashes up, so it does not depend on the order rows come in, and PostgreSQL's side
 * is hashed straight from its COPY output without a value ever being parsed.
 */
export interface TableFigures {
  rows: number;
  /** Sum of each whole-number column that holds a value, by column. */
  sums: Map<string, bigint>;
  /** Order-free fingerprint: two 32-bit sums of row hashes. */
  hash: [number, number];
}

export type Figures = Map<string, TableFigures>;

const NEWLINE = 0x0a;
const SEED_A = 0x811c9dc5;
const SEED_B = 0x01000193 ^ 0x5bd1e995;

/**
 * One table's figures as its rows come. Rows are given as COPY text bytes, whole lines or any
 * slices of them (a stream's chunks): each line is hashed by two FNV-1a variants with different
 * seeds (64 bits against chance collisions), carried across a chunk's end.
 */
export class TableCounter {
  private rows = 0;
  private totalA = 0;
  private totalB = 0;
  private a = SEED_A;
  private b = SEED_B;
  private partial = false;
  private readonly sums: (bigint | undefined)[];

  /** `columns`: the order every row's line gives its values in; `whole`: which hold whole numbers. */
  constructor(
    readonly columns: readonly string[],
    readonly whole: readonly boolean[],
  ) {
    this.sums = columns.map(() => undefined);
  }

  /** COPY text, each row ending in a newline; a row may begin in one call and end in the next. */
  addLines(bytes: Uint8Array): void {
    let { a, b, totalA, totalB, rows } = this;
    for (let i = 0; i < bytes.length; i++) {
      const c = bytes[i]!;
      if (c === NEWLINE) {
        totalA = (totalA + (a >>> 0)) >>> 0;
        totalB = (totalB + (b >>> 0)) >>> 0;
        rows++;
        a = SEED_A;
        b = SEED_B;
      } else {
        a = Math.imul(a ^ c, 0x01000193);
        b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
      }
    }
    if (bytes.length > 0) this.partial = bytes[bytes.length - 1] !== NEWLINE;
    this.a = a;
    this.b = b;
    this.totalA = totalA;
    this.totalB = totalB;
    this.rows = rows;
  }

  /** Adds a value of whole-number column `k` (the columns' index) to its sum. */
  addSum(k: number, value: bigint): void {
    this.sums[k] = (this.sums[k] ?? 0n) + value;
  }

  /** Sets the sums counted elsewhere (PostgreSQL's own `sum`), by column. */
  setSums(sums: Map<string, bigint>): void {
    this.columns.forEach((c, k) => (this.sums[k] = sums.get(c)));
  }

  figures(): TableFigures {
    // A stream that stopped inside a row is not a table's rows.
    if (this.partial) throw new Error('the rows ended inside a row');
    const sums = new Map<string, bigint>();
    this.columns.forEach((c, k) => {
      if (this.sums[k] !== undefined) sums.set(c, this.sums[k]);
    });
    return { rows: this.rows, sums, hash: [this.totalA, this.totalB] };
  }
}

/** The counters of a move's tables, by name. */
export class FigureCounter {
  private readonly counters = new Map<string, TableCounter>();

  /** Declares a table's columns (in the order its rows' lines give them) and which hold whole numbers. */
  table(table: string, columns: readonly string[], wholeNumber: (column: string) => boolean): TableCounter {
    const counter = new TableCounter(columns, columns.map(wholeNumber));
    this.counters.set(table, counter);
    return counter;
  }

  /** The column order a table's rows were hashed in, for the other side to read them back in. */
  columns(table: string): readonly string[] | undefined {
    return this.counters.get(table)?.columns;
  }

  get figures(): Figures {
    return new Map([...this.counters].map(([table, counter]) => [table, counter.figures()]));
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
