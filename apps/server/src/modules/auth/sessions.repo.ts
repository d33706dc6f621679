import type { DbOrTx } from '../../db/database.ts';
import type { SessionRow } from '../../db/types.ts';

export async function insertSession(db: DbOrTx, session: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export async function revokeSession(db: DbOrTx, id: string, now: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of a user, except `keepId` (the session changing the password). */
export async function revokeUserSessions(db: DbOrTx, userId: string, now: string, keepId?: string): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepId) query = query.where('id', '!=', keepId);
  await query.execute();
}
