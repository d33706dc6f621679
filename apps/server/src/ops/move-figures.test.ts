import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyLine } from './move-columns.ts';
import { TableCounter } from './move-figures.ts';
import { copyOut, streamScript } from './postgres-tools.ts';

const url = process.env.TEST_DATABASE_URL;

/** Text that needs every escape COPY writes, other control characters it writes as they are, and non-ASCII. */
const AWKWARD = [
  'plain',
  'back\\slash',
  'tab\there',
  'new\nline',
  'carriage\rreturn',
  'bell\u0007, backspace\b, form feed\f, vertical tab\v, escape\u001b',
  'ünïcødé, 日本語, 🧾',
  '\\N',
  '',
];

const rowsOf = (values: (string | bigint | null)[][]) => values.map((v) => `${copyLine(v)}\n`).join('');

/**
 * The figures' premise (move-figures.ts): a row written as `copyLine` text and read back with
 * PostgreSQL's own `COPY … TO` comes back as the same bytes, so both sides' fingerprints agree, and
 * any changed value, added or lost row changes them.
 */
describe.runIf(url)('move figures against PostgreSQL', () => {
  const client = new pg.Client({ connectionString: url });
  const table = `move_figures_${process.pid}`;
  const rows = AWKWARD.map((text, k) => [BigInt(k), text, k % 2 ? null : BigInt(-k) * 10n ** 15n]);

  async function readBack(): Promise<TableCounter> {
    const counter = new TableCounter(['id', 'label', 'amount'], [true, false, true]);
    for await (const chunk of copyOut(url!, `COPY ${table} (id, label, amount) TO STDOUT`)) counter.addLines(chunk);
    return counter;
  }

  beforeAll(async () => {
    await client.connect();
    await client.query(`create table ${table} (id integer primary key, label text, amount bigint)`);
    // Loaded as the move loads: COPY text through psql's standard input.
    const psql = streamScript(url!);
    psql.input.end(`COPY ${table} (id, label, amount) FROM stdin;\n${rowsOf(rows)}\\.\n`);
    await psql.done;
  });

  afterAll(async () => {
    await client.query(`drop table if exists ${table}`);
    await client.end();
  });

  it('hashes the rows PostgreSQL gives back exactly as the rows that were sent', async () => {
    const sent = new TableCounter(['id', 'label', 'amount'], [true, false, true]);
    // Any slicing of the bytes hashes the same: a stream's chunks end anywhere.
    const bytes = Buffer.from(rowsOf(rows), 'utf8');
    for (let at = 0; at < bytes.length; at += 7) sent.addLines(bytes.subarray(at, at + 7));
    for (const row of rows) if (row[2] !== null) sent.addSum(2, row[2] as bigint);
    const back = await readBack();
    back.setSums(new Map([['amount', rows.reduce((s, r) => s + ((r[2] as bigint | null) ?? 0n), 0n)]]));
    expect(back.figures()).toEqual(sent.figures());
    expect(sent.figures().rows).toBe(AWKWARD.length);
  });

  it('tells a changed value, a changed row order aside', async () => {
    const before = (await readBack()).figures();
    await client.query(`update ${table} set label = label || ' ' where id = 3`);
    const after = (await readBack()).figures();
    expect(after.rows).toBe(before.rows);
    expect(after.hash).not.toEqual(before.hash);
    await client.query(`update ${table} set label = rtrim(label, ' ') where id = 3`);
    // Rewritten rows come back in another physical order; the fingerprint does not care.
    expect((await readBack()).figures()).toEqual(before);
  });

  it('refuses figures of a stream that stopped inside a row', () => {
    const counter = new TableCounter(['id'], [true]);
    counter.addLines(Buffer.from('1\n2'));
    expect(() => counter.figures()).toThrow(/inside a row/);
  });
});
