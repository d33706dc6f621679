import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { rebuildSqliteTables, replaceOnce } from '../sqlite-table-rebuild.ts';
import { KEY_TARGETS, storeSaleFunction } from './202611271500-store-sale-function.ts';

/**
 * A store's hourly report row and its day's tender rows were one row each, which every sale of the
 * store upserted and kept locked until its commit was flushed, so one store's sales committed one
 * after the other on PostgreSQL. `stat_hours` and `stat_tenders` get a `slot` (0–7, from the sale's
 * or refund's id: modules/statistics statistics-recorder.ts) in their primary key, so concurrent
 * sales mostly add to different rows; reads sum over the slots. The rows there were become slot 0.
 *
 * `shopdesk_store_sale` upserts these rows too: it is created again as `SLOT_KEYED` below, the text
 * of 202611271500 with the new conflict targets (the payload's rows carry `slot`).
 *
 * PostgreSQL re-keys in place; SQLite adds the column and rebuilds the two tables
 * (sqlite-table-rebuild.ts). Down adds each key's slots into slot 0 first, then puts back the
 * old key and drops the column.
 */
const TABLES = [
  {
    table: 'stat_hours',
    key: ['store_id', 'business_date', 'hour'],
    sums: [
      'sales_count',
      'refund_count',
      'items_sold',
      'items_refunded',
      'gross_sales',
      'refunds',
      'discounts',
      'tax',
      'refunded_tax',
      'cost',
      'refunded_cost',
    ],
  },
  {
    table: 'stat_tenders',
    key: ['store_id', 'business_date', 'method', 'currency'],
    sums: ['sales_count', 'refund_count', 'taken', 'taken_in_main', 'refunded', 'refunded_in_main'],
  },
] as const;

const quoted = (columns: readonly string[]) => columns.map((c) => `"${c}"`).join(', ');
/** The primary key constraint as Kysely wrote it on SQLite (migration 202601100700). */
const sqliteKey = (table: string, columns: readonly string[]) =>
  `constraint "${table}_pk" primary key (${quoted(columns)})`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table } of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('slot', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const { table, key } of TABLES) await postgresKey(db, table, [...key, 'slot']);
    await sql.raw(SLOT_KEYED).execute(db);
    return;
  }
  await rebuildSqliteTables(
    db,
    TABLES.map(({ table, key }) => ({
      table,
      edit: (text) => replaceOnce(text, sqliteKey(table, key), sqliteKey(table, [...key, 'slot'])),
    })),
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table, key, sums } of TABLES) {
    const keys = sql.raw(quoted(key));
    const columns = sql.raw(quoted(sums));
    const added = sql.raw(sums.map((c) => `sum("${c}")`).join(', '));
    const update = sql.raw(sums.map((c) => `"${c}" = "${table}"."${c}" + excluded."${c}"`).join(', '));
    // `where` before `group by` also keeps SQLite from reading `on conflict` as a join's `on`.
    await sql`insert into ${sql.id(table)} (${keys}, "slot", ${columns})
      select ${keys}, 0, ${added} from ${sql.id(table)} where "slot" <> 0 group by ${keys}
      on conflict (${keys}, "slot") do update set ${update}`.execute(db);
    await sql`delete from ${sql.id(table)} where "slot" <> 0`.execute(db);
  }
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const { table, key } of TABLES) await postgresKey(db, table, key);
    await sql.raw(storeSaleFunction(KEY_TARGETS)).execute(db);
  } else {
    // SQLite drops no column that is in a key: the old key comes back first.
    await rebuildSqliteTables(
      db,
      TABLES.map(({ table, key }) => ({
        table,
        edit: (text) => replaceOnce(text, sqliteKey(table, [...key, 'slot']), sqliteKey(table, key)),
      })),
    );
  }
  for (const { table } of TABLES) await db.schema.alterTable(table).dropColumn('slot').execute();
}

async function postgresKey(db: Kysely<unknown>, table: string, columns: readonly string[]): Promise<void> {
  const name = `${table}_pk`;
  await sql`ALTER TABLE ${sql.id(table)} DROP CONSTRAINT ${sql.id(name)}`.execute(db);
  await sql`ALTER TABLE ${sql.id(table)} ADD CONSTRAINT ${sql.id(name)} PRIMARY KEY (${sql.join(
    columns.map((c) => sql.id(c)),
  )})`.execute(db);
}

/**
 * The function this migration installs, frozen here (202611280500's down puts it back). The hour
 * and tender upserts name their key by the constraint: a column list naming `slot` would be read as
 * the function's own variable `slot` (the free tier's) and fail as ambiguous.
 */
export const SLOT_KEYED = `
CREATE OR REPLACE FUNCTION shopdesk_store_sale(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $fn$
DECLARE
  completed boolean := (p->>'completed')::boolean;
  replaces_parked boolean := (p->>'replaces_parked')::boolean;
  -- A JSON null is not an SQL NULL.
  slot jsonb := NULLIF(p->'free_slot', 'null');
  header jsonb := p->'header';
  store text := header->>'store_id';
  sale_id text := header->>'id';
  open_shift text;
  used_now bigint;
  changed integer;
  m jsonb;
  moved jsonb := '[]'::jsonb;
  stats jsonb := NULLIF(p->'stats', 'null');
BEGIN
  -- 1. The free tier (plans claimSlots): slot is null for a parked cart.
  IF slot IS NOT NULL AND COALESCE((SELECT premium FROM users WHERE id = slot->>'owner_id'), 0) <= 0 THEN
    UPDATE free_tier_usage SET used = used + 1
    WHERE owner_id = slot->>'owner_id' AND kind = slot->>'kind' AND period = slot->>'period'
      AND used + 1 <= (slot->>'limit')::bigint;
    IF NOT FOUND THEN
      INSERT INTO free_tier_usage (owner_id, kind, period, used)
      VALUES (slot->>'owner_id', slot->>'kind', slot->>'period', 0)
      ON CONFLICT (owner_id, kind, period) DO NOTHING;
      PERFORM used FROM free_tier_usage
      WHERE owner_id = slot->>'owner_id' AND kind = slot->>'kind' AND period = slot->>'period' FOR UPDATE;
      SELECT count(*) INTO used_now FROM shop_transactions t JOIN stores s ON s.id = t.store_id
      WHERE s.owner_id = slot->>'owner_id' AND t.status <> 'PARKED'
        AND t.business_date >= slot->>'from' AND t.business_date < slot->>'to';
      IF used_now + 1 > (slot->>'limit')::bigint THEN
        -- The refusal rolls the whole call back, the recount too, as the TypeScript's throw does.
        RAISE EXCEPTION 'free limit reached' USING ERRCODE = 'SD402';
      END IF;
      UPDATE free_tier_usage SET used = used_now + 1
      WHERE owner_id = slot->>'owner_id' AND kind = slot->>'kind' AND period = slot->>'period';
    END IF;
  END IF;

  -- 2. The shift open now (shifts openShiftIdFor), for a completed sale.
  IF completed THEN
    SELECT s.id INTO open_shift FROM shifts s WHERE s.store_id = store AND s.status = 'OPEN' FOR SHARE;
  END IF;
  header := header || jsonb_build_object('shift_id', open_shift);

  -- 3. The claim (sale-write claim).
  IF NOT replaces_parked THEN
    INSERT INTO shop_transactions
    SELECT * FROM jsonb_populate_record(null::shop_transactions, header)
    ON CONFLICT (store_id, client_id) DO NOTHING;
    IF NOT FOUND THEN
      RETURN jsonb_build_object('stored', false, 'shift_id', open_shift);
    END IF;
  ELSE
    EXECUTE format(
      'UPDATE shop_transactions t SET (%1$s) = (SELECT %1$s FROM jsonb_populate_record(null::shop_transactions, $1))'
      ' WHERE t.store_id = $2 AND t.id = $3 AND t.status = ''PARKED''',
      (SELECT string_agg(quote_ident(c), ', ') FROM jsonb_array_elements_text(p->'patch_columns') AS c))
    USING header, store, sale_id;
    GET DIAGNOSTICS changed = ROW_COUNT;
    IF changed <> 1 THEN
      RETURN jsonb_build_object('stored', false, 'shift_id', open_shift);
    END IF;
    DELETE FROM shop_transaction_lines WHERE store_id = store AND transaction_id = sale_id;
  END IF;

  -- 4. Stock out (stock applyStockDeltas): movements come in product id order.
  FOR m IN SELECT e.value FROM jsonb_array_elements(p->'movements') WITH ORDINALITY AS e(value, n) ORDER BY e.n LOOP
    UPDATE products SET quantity = quantity + (m->>'delta')::bigint, updated_at = m->>'created_at'
    WHERE store_id = m->>'store_id' AND id = m->>'product_id';
    IF FOUND THEN
      moved := moved || jsonb_build_array(m);
    END IF;
  END LOOP;
  INSERT INTO stock_movements SELECT * FROM jsonb_populate_recordset(null::stock_movements, moved);

  -- 5. Lines, tenders, the receipt code.
  INSERT INTO shop_transaction_lines
  SELECT * FROM jsonb_populate_recordset(null::shop_transaction_lines, p->'lines');
  INSERT INTO shop_tenders SELECT * FROM jsonb_populate_recordset(null::shop_tenders, p->'tenders');
  IF NOT replaces_parked THEN
    INSERT INTO receipt_codes (code, store_id, transaction_id) VALUES (header->>'code', store, sale_id);
  END IF;

  -- 6. The reports (statistics addHour, addProducts, addTenders); stats is null for a parked cart.
  IF stats IS NOT NULL THEN
    INSERT INTO stat_hours SELECT * FROM jsonb_populate_record(null::stat_hours, stats->'hour')
    ON CONFLICT ON CONSTRAINT stat_hours_pk DO UPDATE SET
      sales_count = stat_hours.sales_count + excluded.sales_count,
      refund_count = stat_hours.refund_count + excluded.refund_count,
      items_sold = stat_hours.items_sold + excluded.items_sold,
      items_refunded = stat_hours.items_refunded + excluded.items_refunded,
      gross_sales = stat_hours.gross_sales + excluded.gross_sales,
      refunds = stat_hours.refunds + excluded.refunds,
      discounts = stat_hours.discounts + excluded.discounts,
      tax = stat_hours.tax + excluded.tax,
      refunded_tax = stat_hours.refunded_tax + excluded.refunded_tax,
      cost = stat_hours.cost + excluded.cost,
      refunded_cost = stat_hours.refunded_cost + excluded.refunded_cost;
    INSERT INTO stat_products_day
    SELECT * FROM jsonb_populate_recordset(null::stat_products_day, stats->'productsDay')
    ON CONFLICT (store_id, business_date, product_key) DO UPDATE SET
      quantity = stat_products_day.quantity + excluded.quantity,
      refunded_quantity = stat_products_day.refunded_quantity + excluded.refunded_quantity,
      revenue = stat_products_day.revenue + excluded.revenue,
      refunded_revenue = stat_products_day.refunded_revenue + excluded.refunded_revenue,
      cost = stat_products_day.cost + excluded.cost,
      refunded_cost = stat_products_day.refunded_cost + excluded.refunded_cost,
      name = excluded.name,
      code = excluded.code;
    INSERT INTO stat_products_month
    SELECT * FROM jsonb_populate_recordset(null::stat_products_month, stats->'productsMonth')
    ON CONFLICT (store_id, month, product_key) DO UPDATE SET
      quantity = stat_products_month.quantity + excluded.quantity,
      refunded_quantity = stat_products_month.refunded_quantity + excluded.refunded_quantity,
      revenue = stat_products_month.revenue + excluded.revenue,
      refunded_revenue = stat_products_month.refunded_revenue + excluded.refunded_revenue,
      cost = stat_products_month.cost + excluded.cost,
      refunded_cost = stat_products_month.refunded_cost + excluded.refunded_cost,
      name = excluded.name,
      code = excluded.code;
    INSERT INTO stat_tenders SELECT * FROM jsonb_populate_recordset(null::stat_tenders, stats->'tenders')
    ON CONFLICT ON CONSTRAINT stat_tenders_pk DO UPDATE SET
      sales_count = stat_tenders.sales_count + excluded.sales_count,
      refund_count = stat_tenders.refund_count + excluded.refund_count,
      taken = stat_tenders.taken + excluded.taken,
      taken_in_main = stat_tenders.taken_in_main + excluded.taken_in_main,
      refunded = stat_tenders.refunded + excluded.refunded,
      refunded_in_main = stat_tenders.refunded_in_main + excluded.refunded_in_main;
  END IF;
  RETURN jsonb_build_object('stored', true, 'shift_id', open_shift);
END
$fn$`;
