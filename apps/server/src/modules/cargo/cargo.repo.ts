import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { CargoStatus } from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import type { CargosTable } from '../../db/types.ts';
import { lineUnit } from './cargo-contents.repo.ts';

/**
 * The SQL of cargos themselves: their rows, status changes, lists and totals. Lines are in
 * cargo-contents.repo.ts, hand-over tokens in cargo-handover.repo.ts. Every query names the store
 * it acts in.
 */

export type CargoRow = Selectable<CargosTable>;

export interface CargoTotals {
  cargo_id: string;
  item_count: number;
  total_quantity: number;
  total_received: number | null;
  total_value: number;
}

export function cargoSearchText(code: string, name: string, origin: string): string {
  return `${code}\n${name}\n${origin}`.toLowerCase();
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Every update of a cargo raises its revision, which devices counting it poll (cargoRevision). */
const nextRevision = sql<number>`revision + 1`;

/**
 * The cargo and its code's global entry, in the caller's transaction. The code's entry goes first:
 * a code another store already holds fails there (a unique violation on `code`, which the service
 * retries with a fresh code) before anything else is written.
 */
export async function insertCargo(trx: DbOrTx, row: CargoRow): Promise<void> {
  await trx.insertInto('cargo_codes').values({ code: row.code, store_id: row.store_id, cargo_id: row.id }).execute();
  await trx.insertInto('cargos').values(row).execute();
}

export function findCargoByCode(db: DbOrTx, storeId: string, code: string): Promise<CargoRow | undefined> {
  return db
    .selectFrom('cargos')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('code', '=', code)
    .executeTakeFirst();
}

export function findCargoById(db: DbOrTx, storeId: string, id: string): Promise<CargoRow | undefined> {
  return db.selectFrom('cargos').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();
}

/**
 * The cargo, its row locked until the transaction ends on PostgreSQL (FOR NO KEY UPDATE): content
 * edits and differences of one cargo take turns, and a status change waits for them, so no count
 * lands in a cargo after its arrival read the contents. The lock is exclusive from the start
 * because the edit then stamps the cargo's `updated_at` (a shared lock upgraded by two edits at
 * once would deadlock). SQLite runs one write transaction at a time, which gives the same guarantee.
 */
export function lockCargoForEdit(
  trx: DbOrTx,
  dbKind: 'sqlite' | 'postgres',
  storeId: string,
  code: string,
): Promise<CargoRow | undefined> {
  let query = trx.selectFrom('cargos').selectAll().where('store_id', '=', storeId).where('code', '=', code);
  if (dbKind === 'postgres') query = query.forNoKeyUpdate();
  return query.executeTakeFirst();
}

/** Changes the status only when it is `from` (one statement): of two racing calls, one wins. */
export function changeStatusIf(
  trx: DbOrTx,
  storeId: string,
  cargoId: string,
  from: CargoStatus,
  patch: Partial<Pick<CargoRow, 'status' | 'arrived_at' | 'transferred_to' | 'updated_at'>>,
): Promise<CargoRow | undefined> {
  return trx
    .updateTable('cargos')
    .set({ ...patch, revision: nextRevision })
    .where('store_id', '=', storeId)
    .where('id', '=', cargoId)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}

export async function updateCargo(
  trx: DbOrTx,
  storeId: string,
  cargoId: string,
  patch: Partial<Omit<CargoRow, 'id' | 'store_id' | 'code' | 'revision'>>,
): Promise<void> {
  await trx
    .updateTable('cargos')
    .set({ ...patch, revision: nextRevision })
    .where('store_id', '=', storeId)
    .where('id', '=', cargoId)
    .execute();
}

/**
 * What a device counting the cargo polls: its status and revision, and for a handed-over cargo the
 * receiver's copy's revision (its counts show here). One indexed read, two for a handed-over one.
 */
export async function cargoRevision(
  db: DbOrTx,
  storeId: string,
  code: string,
): Promise<{ status: string; revision: number; handedRevision: number | null } | undefined> {
  const row = await db
    .selectFrom('cargos')
    .select(['status', 'revision', 'handed_to_store_id', 'handed_to_cargo_id'])
    .where('store_id', '=', storeId)
    .where('code', '=', code)
    .executeTakeFirst();
  if (!row) return undefined;
  let handedRevision: number | null = null;
  if (row.handed_to_store_id && row.handed_to_cargo_id) {
    const copy = await db
      .selectFrom('cargos')
      .select('revision')
      .where('store_id', '=', row.handed_to_store_id)
      .where('id', '=', row.handed_to_cargo_id)
      .executeTakeFirst();
    handedRevision = copy ? Number(copy.revision) : null;
  }
  return { status: row.status, revision: Number(row.revision), handedRevision };
}

export async function touchCargo(trx: DbOrTx, storeId: string, cargoId: string, at: string): Promise<void> {
  await updateCargo(trx, storeId, cargoId, { updated_at: at });
}

export async function deleteCargo(trx: DbOrTx, storeId: string, cargoId: string): Promise<void> {
  await trx.deleteFrom('cargo_qr_tokens').where('store_id', '=', storeId).where('cargo_id', '=', cargoId).execute();
  await trx.deleteFrom('cargo_client_ops').where('store_id', '=', storeId).where('cargo_id', '=', cargoId).execute();
  await trx.deleteFrom('cargo_contents').where('store_id', '=', storeId).where('cargo_id', '=', cargoId).execute();
  await trx.deleteFrom('cargos').where('store_id', '=', storeId).where('id', '=', cargoId).execute();
  // The code goes with its cargo: every entry of the lookup names a cargo that exists.
  await trx.deleteFrom('cargo_codes').where('store_id', '=', storeId).where('cargo_id', '=', cargoId).execute();
}

function filteredCargos(
  db: DbOrTx,
  storeId: string,
  filter: { q?: string | undefined; status?: CargoStatus | undefined },
) {
  let query = db.selectFrom('cargos as c').where('c.store_id', '=', storeId);
  if (filter.status) query = query.where('c.status', '=', filter.status);
  const terms = (filter.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
  for (const term of terms) {
    const like = `%${escapeLike(term)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`c.search`, 'like', sql<string>`${like} escape '\\'`),
        eb.exists(
          eb
            .selectFrom('cargo_contents as cc')
            .select(sql<number>`1`.as('one'))
            .whereRef('cc.cargo_id', '=', 'c.id')
            .where('cc.store_id', '=', storeId)
            .where(sql<boolean>`lower(cc.code) like ${like} escape '\\'`),
        ),
      ]),
    );
  }
  return query;
}

/** A page of the store's cargos, newest first. */
export function cargoPage(
  db: DbOrTx,
  storeId: string,
  filter: { q?: string | undefined; status?: CargoStatus | undefined },
  offset: number,
  limit: number,
): Promise<CargoRow[]> {
  return filteredCargos(db, storeId, filter)
    .selectAll('c')
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countCargos(
  db: DbOrTx,
  storeId: string,
  filter: { q?: string | undefined; status?: CargoStatus | undefined },
): Promise<number> {
  const row = await filteredCargos(db, storeId, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The line is sold by KG, L or M. */
const measured = sql`${lineUnit} in ('KG', 'L', 'M')`;

/** A count column as items: pieces for a piece product, one for a weighing (null stays null). */
function items(count: RawBuilder<number | null>) {
  return sql<number | null>`case when ${count} is null then null when ${measured} then 1 else ${count} end`;
}

/**
 * Item count, quantities and value of each cargo, summed by the database in one grouped query.
 * The value counts what arrival books: the received count when set, else the quantity. A line of
 * a measured product (KG, L, M) holds thousandths and its price is per unit: its value is
 * quantity × price / 1000, half up, as a weighed sale line's is, and it counts as one item in the
 * totals (as a weighing does on a sale: `countItems`), never as its thousandths added to pieces.
 */
export async function totalsOf(db: DbOrTx, storeId: string, cargoIds: string[]): Promise<Map<string, CargoTotals>> {
  const totals = new Map<string, CargoTotals>();
  if (cargoIds.length === 0) return totals;
  const counted = sql`coalesce(c.received_quantity, c.quantity) * c.price`;
  const rows = await db
    .selectFrom('cargo_contents as c')
    .leftJoin('products as p', (join) => join.onRef('p.store_id', '=', 'c.store_id').onRef('p.code', '=', 'c.code'))
    .select([
      'c.cargo_id',
      sql<number>`count(*)`.as('item_count'),
      sql<number>`coalesce(sum(${items(sql`c.quantity`)}), 0)`.as('total_quantity'),
      sql<number | null>`sum(${items(sql`c.received_quantity`)})`.as('total_received'),
      sql<number>`coalesce(sum(case when ${measured} then (${counted} + 500) / 1000 else ${counted} end), 0)`.as(
        'total_value',
      ),
    ])
    .where('c.store_id', '=', storeId)
    .where('c.cargo_id', 'in', cargoIds)
    .groupBy('c.cargo_id')
    .execute();
  for (const r of rows) {
    totals.set(r.cargo_id, {
      cargo_id: r.cargo_id,
      item_count: Number(r.item_count),
      total_quantity: Number(r.total_quantity),
      total_received: r.total_received === null ? null : Number(r.total_received),
      total_value: Number(r.total_value),
    });
  }
  return totals;
}

/** Sum of the receiver's counts on the copy of a handed-over cargo (null: nothing counted yet). */
export async function receivedTotal(db: DbOrTx, storeId: string, cargoId: string): Promise<number | null> {
  const row = await db
    .selectFrom('cargo_contents as c')
    .leftJoin('products as p', (join) => join.onRef('p.store_id', '=', 'c.store_id').onRef('p.code', '=', 'c.code'))
    .select(sql<number | null>`sum(${items(sql`c.received_quantity`)})`.as('n'))
    .where('c.store_id', '=', storeId)
    .where('c.cargo_id', '=', cargoId)
    .executeTakeFirst();
  return row?.n === null || row?.n === undefined ? null : Number(row.n);
}

/** The newest cargos of the store with `status`, at most `limit`. */
export function cargosByStatus(db: DbOrTx, storeId: string, status: CargoStatus, limit: number): Promise<CargoRow[]> {
  return db
    .selectFrom('cargos')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('status', '=', status)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
