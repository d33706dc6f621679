import { sql, type Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { CargoContentsTable } from '../../db/types.ts';

/** The SQL of a cargo's lines (contents). Every query names the store it acts in. */

export type ContentRow = Selectable<CargoContentsTable>;

/** A content line as answered: its row, the store's product with its code, and the receiver's count. */
export type ContentView = ContentRow & {
  product_id: string | null;
  /** The product's unit, else the line's own (`lineUnit`). */
  product_unit: string | null;
  linked_received: number | null;
};

/** The line's unit: its product's (`p` joined on the line's code), else its own (`c`). */
export const lineUnit = sql<string | null>`coalesce(p.unit, c.unit)`;

// 19 columns a row: 60 rows stay well under every engine's bound-parameter limit.
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
