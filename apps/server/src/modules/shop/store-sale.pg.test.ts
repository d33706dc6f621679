import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { STORE_SALE_FUNCTION } from './store-sale.pg.ts';

/** The PL/pgSQL functions a sale runs, by signature, each with the file that holds its text. */
const HOMES = [{ signature: 'shopdesk_store_sale(jsonb)', text: STORE_SALE_FUNCTION }];

/**
 * PL/pgSQL functions the sale never runs, so they need no home file: the shift locks' triggers
 * (migrations 202601100600, 202611271400; a sale only reads shifts) and the price history's
 * (202612051400; it fires on a change of price, which a sale never makes). A new function is
 * either one of these or has a home.
 */
// The item trigger (migration 202612060100) fires on a product's insert, delete and descriptive
// columns, never on the quantity a sale changes.
const NOT_THE_SALE = [
  'shift_locked()',
  'shift_move_locked()',
  'shopdesk_product_price_history()',
  'shopdesk_product_item()',
];

/**
 * A `CREATE FUNCTION` as written or as `pg_get_functiondef` prints it, without what PostgreSQL
 * rewrites: the header's spacing, `OR REPLACE`, the schema it names, the dollar quote's tag, the
 * whitespace at the body's ends. The body is otherwise kept as is (PostgreSQL stores it verbatim),
 * so any changed statement, even a changed comment, still differs.
 */
function comparable(definition: string, schema?: string): { header: string; body: string } {
  const parts = /^\s*CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+([\s\S]*?)\sAS\s+(\$\w*\$)([\s\S]*)\2\s*$/i.exec(
    definition,
  );
  if (!parts) throw new Error(`not one CREATE FUNCTION with a dollar-quoted body:\n${definition}`);
  const [, header = '', , body = ''] = parts;
  const spaced = header.replace(/\s+/g, ' ').trim();
  return {
    header: schema && spaced.startsWith(`${schema}.`) ? spaced.slice(schema.length + 1) : spaced,
    body: body.trim(),
  };
}

describe('comparable', () => {
  // The home file's text as pg_get_functiondef prints the function it creates in schema t_0123.
  const printed = (text: string) =>
    text
      .trimStart()
      .replace('FUNCTION shopdesk_store_sale(', 'FUNCTION t_0123.shopdesk_store_sale(')
      .replace(/ RETURNS (\w+)\nLANGUAGE plpgsql AS \$fn\$/, '\n RETURNS $1\n LANGUAGE plpgsql\nAS $$function$$')
      .replace(/\$fn\$$/, '$$function$$\n');

  it("takes PostgreSQL's printing of the home file's text as the same", () => {
    const pg = printed(STORE_SALE_FUNCTION);
    expect(pg).toMatch(/^CREATE OR REPLACE FUNCTION t_0123\.shopdesk_store_sale\(p jsonb\)\n RETURNS jsonb\n/);
    expect(pg).toMatch(/\nAS \$function\$\n[\s\S]*\nEND\n\$function\$\n$/);
    expect(comparable(pg, 't_0123')).toEqual(comparable(STORE_SALE_FUNCTION));
  });

  it('tells apart a text with any one line of its body left out, or another return type', () => {
    const home = comparable(STORE_SALE_FUNCTION);
    const lines = STORE_SALE_FUNCTION.split('\n');
    const bodyStart = lines.findIndex((line) => line.includes('$fn$')) + 1;
    const changed = lines
      .map((line, i) => ({ line, i }))
      .slice(bodyStart, -1)
      .filter(({ line }) => line.trim() !== '')
      .map(({ i }) => lines.filter((_line, j) => j !== i).join('\n'));
    changed.push(STORE_SALE_FUNCTION.replace(/ RETURNS \w+/, ' RETURNS void'));
    expect(changed.length).toBeGreaterThan(100);
    for (const text of changed) expect(comparable(printed(text), 't_0123')).not.toEqual(home);
  });
});

/**
 * The functions a migrated database has are the texts of their home files: a migration that
 * changes one without its home file (or the other way round) fails here.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the sale functions of a migrated postgres', () => {
  const t = useTestApp('postgres');

  it.each(HOMES)('$signature is its home text', async ({ signature, text }) => {
    const { rows } = await sql<{ schema: string; definition: string | null }>`
      select current_schema() as schema,
        pg_get_functiondef(to_regprocedure(format('%I.%s', current_schema(), ${signature}::text))) as definition
    `.execute(t.db);
    const [{ schema, definition } = { schema: '', definition: null }] = rows;
    expect(definition, `${signature} is not in ${schema}`).not.toBeNull();
    const installed = comparable(definition as string, schema);
    const home = comparable(text);
    expect(installed.header).toBe(home.header);
    // Line by line, so a failure shows the lines that differ.
    expect(installed.body.split('\n')).toEqual(home.body.split('\n'));
  });

  it('every other PL/pgSQL function is one the sale never runs', async () => {
    const { rows } = await sql<{ signature: string }>`
      select p.oid::regprocedure::text as signature
      from pg_proc p
      join pg_namespace s on s.oid = p.pronamespace
      join pg_language l on l.oid = p.prolang
      where s.nspname = current_schema() and l.lanname = 'plpgsql'
      order by 1`.execute(t.db);
    const installed = rows.map((r) => r.signature);
    const known = [...HOMES.map((h) => h.signature), ...NOT_THE_SALE];
    expect(installed.filter((signature) => !known.includes(signature))).toEqual([]);
    // The look finds functions at all: the sale's and the shift locks' (there since 202601100600).
    const always = [...HOMES.map((h) => h.signature), 'shift_locked()', 'shift_move_locked()'];
    expect(installed).toEqual(expect.arrayContaining(always));
  });
});
