export interface Row {
  what: string;
  value: string;
  budget: string;
  baseline: string;
  ok: boolean | null;
}

/** Prints the benchmark table: each figure beside its budget (product.md §9) and its baseline. */
export function printTable(title: string, rows: Row[]): void {
  const head = ['what', 'measured', 'budget', 'baseline (same run)', 'result'];
  const cells = rows.map((r) => [r.what, r.value, r.budget, r.baseline, r.ok === null ? '-' : r.ok ? 'PASS' : 'FAIL']);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
  console.log('');
}
