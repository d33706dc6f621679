import type { DbOrTx } from '../../db/database.ts';
import type { Insertable } from 'kysely';
import type { DisplayPairingsTable } from '../../db/types.ts';

/** The store's live (unrevoked) pairings, newest first, with the name of who paired each. */
export function listPairings(db: DbOrTx, storeId: string) {
  return db
    .selectFrom('display_pairings as d')
    .leftJoin('users as u', 'u.id', 'd.created_by')
    .where('d.store_id', '=', storeId)
    .where('d.revoked_at', 'is', null)
    .select([
      'd.id',
      'd.name',
      'd.created_at',
      'd.last_seen_at',
      'd.disconnected_at',
      'u.name as creator_name',
      'u.email as creator_email',
    ])
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id')
    .execute();
}

export type PairingRow = Awaited<ReturnType<typeof listPairings>>[number];

export async function countLivePairings(db: DbOrTx, storeId: string): Promise<number> {
  const row = await db
    .selectFrom('display_pairings')
    .where('store_id', '=', storeId)
    .where('revoked_at', 'is', null)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertPairing(db: DbOrTx, row: Insertable<DisplayPairingsTable>): Promise<void> {
  await db.insertInto('display_pairings').values(row).execute();
  await db
    .insertInto('display_tokens')
    .values({ token_hash: row.token_hash, store_id: row.store_id, pairing_id: row.id })
    .execute();
}

/**
 * Revokes a pairing of the store and drops its token; false when the store has no such pairing
 * (one revoked already is still found: revoking twice answers the same).
 */
export async function revokePairing(db: DbOrTx, storeId: string, id: string, at: string): Promise<boolean> {
  const found = await db
    .selectFrom('display_pairings')
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .select('id')
    .executeTakeFirst();
  if (!found) return false;
  await db
    .updateTable('display_pairings')
    .set({ revoked_at: at })
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
  await db.deleteFrom('display_tokens').where('store_id', '=', storeId).where('pairing_id', '=', id).execute();
  return true;
}

/** The live pairing a token hash names (the global lookup, then the store's row). */
export async function findByTokenHash(db: DbOrTx, tokenHash: string) {
  const entry = await db
    .selectFrom('display_tokens')
    .where('token_hash', '=', tokenHash)
    .select(['store_id', 'pairing_id'])
    .executeTakeFirst();
  if (!entry) return undefined;
  return findLive(db, entry.store_id, entry.pairing_id);
}

/** A live pairing of the store with its newest state. */
export function findLive(db: DbOrTx, storeId: string, id: string) {
  return db
    .selectFrom('display_pairings')
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .select(['store_id', 'id', 'state_json', 'state_seq', 'state_at'])
    .executeTakeFirst();
}

export type LivePairing = NonNullable<Awaited<ReturnType<typeof findLive>>>;

/**
 * Keeps `state` when it is newer than the stored one (a guarded write, so two counters racing keep
 * the higher seq whatever order they land in). True when it was stored.
 */
export async function storeState(
  db: DbOrTx,
  storeId: string,
  id: string,
  state: { json: string; seq: number; at: string },
): Promise<boolean> {
  const done = await db
    .updateTable('display_pairings')
    .set({ state_json: state.json, state_seq: state.seq, state_at: state.at })
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('state_seq', 'is', null), eb('state_seq', '<', state.seq)]))
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/**
 * Marks live pairings as seen now (a display stream is open on them in this process); `connecting`:
 * a stream just opened, so an older disconnection no longer counts. Answers the keys that matched no
 * live pairing: revoked, or removed with their store.
 */
export async function touchSeen(
  db: DbOrTx,
  keys: { storeId: string; id: string }[],
  at: string,
  connecting: boolean,
): Promise<{ storeId: string; id: string }[]> {
  const gone: { storeId: string; id: string }[] = [];
  for (const key of keys) {
    const done = await db
      .updateTable('display_pairings')
      .set(connecting ? { last_seen_at: at, disconnected_at: null } : { last_seen_at: at })
      .where('store_id', '=', key.storeId)
      .where('id', '=', key.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) gone.push(key);
  }
  return gone;
}

/** The last stream this process had of the pairing closed. */
export async function markDisconnected(db: DbOrTx, storeId: string, id: string, at: string): Promise<void> {
  await db
    .updateTable('display_pairings')
    .set({ disconnected_at: at, last_seen_at: at })
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .execute();
}

/** What a display shows of its store: its name, currencies, the owner's language, and the receipt logo. */
export function storeForDisplay(db: DbOrTx, storeId: string) {
  return db
    .selectFrom('stores as s')
    .innerJoin('users as u', 'u.id', 's.owner_id')
    .where('s.id', '=', storeId)
    .select(['s.id', 's.owner_id', 's.name', 's.main_currency', 's.second_currency', 'u.locale'])
    .executeTakeFirst();
}

/** The store's receipt logo, when its receipt template shows one and the image is there. */
export async function findLogo(db: DbOrTx, storeId: string, imageId: string) {
  const [template, image] = await Promise.all([
    db.selectFrom('receipt_templates').where('store_id', '=', storeId).select('show_logo').executeTakeFirst(),
    db
      .selectFrom('files')
      .where('store_id', '=', storeId)
      .where('id', '=', imageId)
      .select(['mime', 'size', 'updated_at'])
      .executeTakeFirst(),
  ]);
  return template && Number(template.show_logo) === 1 ? image : undefined;
}
