import type { Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { CargoQrTokensTable } from '../../db/types.ts';

/** The SQL of hand-overs: QR tokens and the sending store. */

export type QrTokenRow = Selectable<CargoQrTokensTable>;

/** Name and main currency of a store (the sender's, read for a hand-over). */
export function storeBrief(db: DbOrTx, storeId: string) {
  return db
    .selectFrom('stores')
    .select(['id', 'name', 'main_currency', 'owner_id'])
    .where('id', '=', storeId)
    .executeTakeFirst();
}

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
