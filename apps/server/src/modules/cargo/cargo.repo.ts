import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { CargoStatus } from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import type { CargoContentsTable, CargoQrTokensTable, CargosTable } from '../../db/types.ts';

/** All SQL of the cargo module. Every query names the store it acts in. */

export type CargoRow = Selectable<CargosTable>;
export type ContentRow = Selectable<CargoContentsTable>;
export type QrTokenRow = Selectable<CargoQrTokensTable>;

/** A content line as answered: its row, the store's product with its code, and the receiver's count. */
export type ContentView = ContentRow & {
  product_id: string | null;
  /** The product's unit, else the line's own (`lineUnit`). */
  product_unit: string | null;
  linked_received: number | null;
};

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

// ---- cargos ---------------------------------------------------------------------------------

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

/**
 * Item count, quantities and value of each cargo, summed by the database in one grouped query.
 * The value counts what arrival books: the received count when set, else the quantity. A line of
 * a measured product (KG, L, M) holds thousandths and its price is per unit: its value is
 * quantity × price / 1000, half up, as a weighed sale line's is, and it counts as one item in the
 * totals (as a weighing does on a sale: `countItems`), never as its thousandths added to pieces.
 */
/** The line's unit: its product's (`p` joined on the line's code), else its own (`c`). */
const lineUnit = sql<string | null>`coalesce(p.unit, c.unit)`;

/** The line is sold by KG, L or M. */
const measured = sql`${lineUnit} in ('KG', 'L', 'M')`;

/** A count column as items: pieces for a piece product, one for a weighing (null stays null). */
function items(count: RawBuilder<number | null>) {
  return sql<number | null>`case when ${count} is null then null when ${measured} then 1 else ${count} end`;
}

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

/** Name and main currency of a store (the sender's, read for a hand-over). */
export function storeBrief(db: DbOrTx, storeId: string) {
  return db
    .selectFrom('stores')
    .select(['id', 'name', 'main_currency', 'owner_id'])
    .where('id', '=', storeId)
    .executeTakeFirst();
}

// ---- contents -------------------------------------------------------------------------------

// 14 columns a row: 60 rows stay well under every engine's bound-parameter limit.
const CONTENT_CHUNK = 60;

export async function insertContents(trx: DbOrTx, rows: ContentRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CONTENT_CHUNK) {
    await trx
      .insertInto('cargo_contents')
      .values(rows.slice(i, i + CONTENT_CHUNK))
      .execute();
  }
}

/**
 * Adds a line, or adds to the line with the same code (one atomic upsert, so two devices scanning
 * the same new code make one line holding both counts). `counted` adds to the received count
 * instead of the sent quantity (a cargo received from another store).
 */
export function upsertContent(trx: DbOrTx, row: ContentRow, counted: boolean): Promise<ContentRow> {
  return trx
    .insertInto('cargo_contents')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['store_id', 'cargo_id', 'code']).doUpdateSet((eb) =>
        counted
          ? {
              received_quantity: sql<number>`coalesce(${eb.ref('cargo_contents.received_quantity')}, 0) + coalesce(${eb.ref('excluded.received_quantity')}, 0)`,
              updated_at: eb.ref('excluded.updated_at'),
            }
          : {
              quantity: sql<number>`${eb.ref('cargo_contents.quantity')} + ${eb.ref('excluded.quantity')}`,
              updated_at: eb.ref('excluded.updated_at'),
            },
      ),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function countContents(db: DbOrTx, storeId: string, cargoId: string): Promise<number> {
  const row = await db
    .selectFrom('cargo_contents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('store_id', '=', storeId)
    .where('cargo_id', '=', cargoId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Where the receiver's counts of a handed-over cargo are: its copy's store and id. */
export interface Handed {
  storeId: string;
  cargoId: string;
}

function contentViews(db: DbOrTx, storeId: string, cargoId: string, handed: Handed | null) {
  const query = db
    .selectFrom('cargo_contents as c')
    .leftJoin('products as p', (join) => join.onRef('p.store_id', '=', 'c.store_id').onRef('p.code', '=', 'c.code'))
    .where('c.store_id', '=', storeId)
    .where('c.cargo_id', '=', cargoId);
  if (handed) {
    const withReceived = query
      .leftJoin('cargo_contents as r', (join) =>
        join
          .on('r.store_id', '=', handed.storeId)
          .on('r.cargo_id', '=', handed.cargoId)
          .onRef('r.source_content_id', '=', 'c.id'),
      )
      .selectAll('c')
      .select(['p.id as product_id', lineUnit.as('product_unit'), 'r.received_quantity as linked_received']);
    return withReceived;
  }
  return query
    .selectAll('c')
    .select(['p.id as product_id', lineUnit.as('product_unit'), sql<number | null>`null`.as('linked_received')]);
}

/** Every line of a cargo, newest first. */
export function allContents(
  db: DbOrTx,
  storeId: string,
  cargoId: string,
  handed: Handed | null,
): Promise<ContentView[]> {
  return contentViews(db, storeId, cargoId, handed)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute() as Promise<ContentView[]>;
}

/** A page of a cargo's lines, newest first. */
export function contentPage(
  db: DbOrTx,
  storeId: string,
  cargoId: string,
  handed: Handed | null,
  offset: number,
  limit: number,
): Promise<ContentView[]> {
  return contentViews(db, storeId, cargoId, handed)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute() as Promise<ContentView[]>;
}

export function findContent(
  db: DbOrTx,
  storeId: string,
  cargoId: string,
  contentId: string,
): Promise<ContentRow | undefined> {
  return db
    .selectFrom('cargo_contents')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('cargo_id', '=', cargoId)
    .where('id', '=', contentId)
    .executeTakeFirst();
}

export async function findContentView(
  db: DbOrTx,
  storeId: string,
  cargoId: string,
  contentId: string,
): Promise<ContentView | undefined> {
  return (await contentViews(db, storeId, cargoId, null).where('c.id', '=', contentId).executeTakeFirst()) as
    ContentView | undefined;
}

export async function updateContent(
  trx: DbOrTx,
  storeId: string,
  cargoId: string,
  contentId: string,
  patch: Partial<Omit<ContentRow, 'id' | 'store_id' | 'cargo_id'>>,
): Promise<void> {
  await trx
    .updateTable('cargo_contents')
    .set(patch)
    .where('store_id', '=', storeId)
    .where('cargo_id', '=', cargoId)
    .where('id', '=', contentId)
    .execute();
}

export async function deleteContent(
  trx: DbOrTx,
  storeId: string,
  cargoId: string,
  contentId: string,
): Promise<boolean> {
  const result = await trx
    .deleteFrom('cargo_contents')
    .where('store_id', '=', storeId)
    .where('cargo_id', '=', cargoId)
    .where('id', '=', contentId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * `column = column + difference` in one statement, only when the result stays within 0…max
 * (null received count taken as 0): concurrent differences never lose each other. Returns the new
 * value, or undefined when the line is missing or the result would leave the range.
 */
export async function addDifference(
  trx: DbOrTx,
  storeId: string,
  cargoId: string,
  contentId: string,
  difference: number,
  column: 'quantity' | 'received_quantity',
  at: string,
  max: number,
): Promise<number | undefined> {
  const current = column === 'quantity' ? sql<number>`quantity` : sql<number>`coalesce(received_quantity, 0)`;
  const row = await trx
    .updateTable('cargo_contents')
    .set({ [column]: sql<number>`${current} + ${difference}`, updated_at: at })
    .where('store_id', '=', storeId)
    .where('cargo_id', '=', cargoId)
    .where('id', '=', contentId)
    .where(sql<boolean>`${current} + ${difference} >= 0`)
    .where(sql<boolean>`${current} + ${difference} <= ${max}`)
    .returning(['quantity', 'received_quantity'])
    .executeTakeFirst();
  if (!row) return undefined;
  return Number(column === 'quantity' ? row.quantity : row.received_quantity);
}

/** Records a device's difference; false when this clientId was already applied in the store. */
export async function claimClientOp(
  trx: DbOrTx,
  row: { store_id: string; client_id: string; cargo_id: string; content_id: string; created_at: string },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('cargo_client_ops')
    .values(row)
    .onConflict((oc) => oc.columns(['store_id', 'client_id']).doNothing())
    .returning('client_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

// ---- QR tokens ------------------------------------------------------------------------------

export async function insertQrToken(trx: DbOrTx, row: QrTokenRow): Promise<void> {
  await trx.insertInto('cargo_qr_tokens').values(row).execute();
}

/**
 * A token by the hash of its nonce, whatever its store: the receiver is usually someone else, in
 * another store, and has only the token (the table is a global lookup, shard-keys.test.ts).
 */
export function findQrToken(db: DbOrTx, nonceHash: string): Promise<QrTokenRow | undefined> {
  return db.selectFrom('cargo_qr_tokens').selectAll().where('nonce_hash', '=', nonceHash).executeTakeFirst();
}

/** Marks the token used unless it already is (one statement: of two racing receives, one wins). */
export async function useQrToken(trx: DbOrTx, nonceHash: string, userId: string, at: string): Promise<boolean> {
  const result = await trx
    .updateTable('cargo_qr_tokens')
    .set({ used_at: at, used_by: userId })
    .where('nonce_hash', '=', nonceHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
