/**
 * "Customer search at the counter, 100k customers" (product.md §9 via issue 42): a store's customer
 * list imported through the CSV import route the way the web client sends it, then the counter's
 * search typed by one person (sequential requests): name prefixes in Latin and kana, phone digits
 * as typed (with hyphens, full-width, last four) and member codes, against the bare route.
 */
import { randomUUID } from 'node:crypto';
import { sequential } from './load.ts';
import { call } from './server.ts';
import type { Row } from './table.ts';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const BATCH = 1000;
const FAMILY = [
  'Sato',
  'Suzuki',
  'Takahashi',
  'Tanaka',
  'Watanabe',
  'Ito',
  'Yamamoto',
  'Nakamura',
  'Kobayashi',
  'Kato',
];
const FAMILY_KANA = [
  'サトウ',
  'スズキ',
  'タカハシ',
  'タナカ',
  'ワタナベ',
  'イトウ',
  'ヤマモト',
  'ナカムラ',
  'コバヤシ',
  'カトウ',
];
const GIVEN = ['Haruto', 'Yui', 'Sota', 'Hina', 'Ren', 'Aoi', 'Minato', 'Mei', 'Riku', 'Sakura', 'Yuto', 'Rin'];
const GIVEN_KANA = [
  'ハルト',
  'ユイ',
  'ソウタ',
  'ヒナ',
  'レン',
  'アオイ',
  'ミナト',
  'メイ',
  'リク',
  'サクラ',
  'ユウト',
  'リン',
];

/** The i-th customer's member code (kept by the import, so the search can ask for it). */
const memberCode = (i: number) => `M${String(1_000_000_000 + i * 7).padStart(10, '0')}`;
const phone = (i: number) => `090-${String(1000 + (i % 9000))}-${String(i).padStart(4, '0').slice(-4)}`;

function customerRow(i: number): Record<string, string | number> {
  const f = (i * 7) % FAMILY.length;
  const g = (i * 5) % GIVEN.length;
  return {
    line: i + 2,
    code: memberCode(i),
    name: `${GIVEN[g]} ${FAMILY[f]} ${i}`,
    nameKana: `${FAMILY_KANA[f]} ${GIVEN_KANA[g]}`,
    phone: phone(i),
    email: `customer${i}@example.com`,
    note: '',
    marketingConsent: i % 3 === 0 ? 'yes' : 'no',
  };
}

/** What a cashier types: a name's first letters, furigana (either kana), phone digits, a card. */
function queries(count: number): string[] {
  const out: string[] = [];
  for (let k = 0; k < 400; k++) {
    const i = (k * 7919) % count;
    const row = customerRow(i);
    const kind = k % 6;
    if (kind === 0) out.push(String(row.name).split(' ')[1]!.slice(0, 3).toLowerCase());
    else if (kind === 1) out.push(FAMILY_KANA[(i * 7) % FAMILY.length]!.slice(0, 2));
    else if (kind === 2) out.push(String(row.phone));
    else if (kind === 3) out.push(String(row.phone).slice(-4));
    else if (kind === 4) out.push(memberCode(i));
    else out.push(`${String(row.name).split(' ')[0]!.slice(0, 2)}`);
  }
  return out;
}

export async function customerRows(url: string, headers: Record<string, string>): Promise<Row[]> {
  console.log(`importing ${CUSTOMERS.toLocaleString('en-US')} customers…`);
  const start = performance.now();
  const importId = randomUUID();
  let created = 0;
  for (let b = 0; b * BATCH < CUSTOMERS; b++) {
    const rows = Array.from({ length: Math.min(BATCH, CUSTOMERS - b * BATCH) }, (_, k) => customerRow(b * BATCH + k));
    const result = await call<{ created: number; errors: unknown[] }>(`${url}/api/secure/customer/import/batch`, {
      method: 'POST',
      headers,
      json: { importId, batch: b, rows },
    });
    if (result.errors.length) throw new Error(`import errors: ${JSON.stringify(result.errors.slice(0, 3))}`);
    created += result.created;
  }
  const importSeconds = (performance.now() - start) / 1000;
  if (created !== CUSTOMERS) throw new Error(`imported ${created} of ${CUSTOMERS} customers`);
  const urls = queries(CUSTOMERS).map(
    (q, k) =>
      `${url}/api/secure/customer/search/window/0/20?q=${encodeURIComponent(q)}&sort=${k % 10 === 9 ? 'recent' : 'name'}`,
  );
  const search = await sequential(urls, headers);
  const bare = await sequential(
    urls.map(() => `${url}/api/public/ping`),
    {},
  );
  const n = CUSTOMERS.toLocaleString('en-US');
  return [
    {
      what: `CSV import of ${n} customers`,
      value: `${importSeconds.toFixed(1)} s`,
      budget: '-',
      baseline: '-',
      ok: null,
    },
    {
      what: `customer search at the counter p95 (${n} customers)`,
      value: `${search.p95.toFixed(2)} ms`,
      budget: '< 50 ms',
      baseline: `${bare.p95.toFixed(2)} ms`,
      ok: search.p95 < 50 && search.failures === 0,
    },
    {
      what: 'customer search at the counter p50',
      value: `${search.p50.toFixed(2)} ms`,
      budget: '-',
      baseline: `${bare.p50.toFixed(2)} ms`,
      ok: null,
    },
  ];
}
