import type { DbOrTx } from '../../db/database.ts';
import type { PasswordResetRow } from '../../db/types.ts';

export async function insertEmailConfirmation(
  db: DbOrTx,
  row: { id: string; user_id: string; token_hash: string; expires_at: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('email_confirmations')
    .values({ ...row, used_at: null })
    .execute();
}

/** Drops a user's unused links, so only the newest mailed link works. */
export async function deleteUnusedEmailConfirmations(db: DbOrTx, userId: string): Promise<void> {
  await db.deleteFrom('email_confirmations').where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

export function findEmailConfirmation(db: DbOrTx, tokenHash: string) {
  return db.selectFrom('email_confirmations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks the link used; false when another request used it first (single use under races too). */
export async function useEmailConfirmation(db: DbOrTx, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('email_confirmations')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces any pending reset of the user: a new code invalidates the old one. */
export async function replacePasswordReset(db: DbOrTx, row: PasswordResetRow): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', row.user_id).execute();
  await db.insertInto('password_resets').values(row).execute();
}

export function findPasswordResetByUser(db: DbOrTx, userId: string): Promise<PasswordResetRow | undefined> {
  return db.selectFrom('password_resets').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function findPasswordResetByToken(db: DbOrTx, tokenHash: string): Promise<PasswordResetRow | undefined> {
  return db.selectFrom('password_resets').selectAll().where('reset_token_hash', '=', tokenHash).executeTakeFirst();
}

/** Counts one wrong code and returns the new count. */
export async function countWrongCode(db: DbOrTx, id: string): Promise<number> {
  await db
    .updateTable('password_resets')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
  const row = await db.selectFrom('password_resets').select('attempts').where('id', '=', id).executeTakeFirst();
  return Number(row?.attempts ?? 0);
}

/** Consumes the code and arms the reset token; false when the code was consumed concurrently. */
export async function armResetToken(
  db: DbOrTx,
  id: string,
  now: string,
  tokenHash: string,
  expiresAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ code_used_at: now, reset_token_hash: tokenHash, reset_expires_at: expiresAt })
    .where('id', '=', id)
    .where('code_used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function useResetToken(db: DbOrTx, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
