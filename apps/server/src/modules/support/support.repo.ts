import type { DbOrTx } from '../../db/database.ts';
import type { SupportRequestsTable } from '../../db/types.ts';

export async function insertSupportRequest(db: DbOrTx, row: SupportRequestsTable): Promise<void> {
  await db.insertInto('support_requests').values(row).execute();
}

/** The caller's requests, newest first (tests; support reads them in the database). */
export function listSupportRequests(db: DbOrTx, userId: string): Promise<SupportRequestsTable[]> {
  return db
    .selectFrom('support_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

export interface ExportedSupportRow extends SupportRequestsTable {
  user_name: string;
}

/** Every stored request with its sender's name, oldest first (the administrator's export). */
export function listAllSupportRequests(db: DbOrTx): Promise<ExportedSupportRow[]> {
  return db
    .selectFrom('support_requests')
    .innerJoin('users', 'users.id', 'support_requests.user_id')
    .selectAll('support_requests')
    .select('users.name as user_name')
    .orderBy('support_requests.created_at')
    .orderBy('support_requests.id')
    .execute();
}
