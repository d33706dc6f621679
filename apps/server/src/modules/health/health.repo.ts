import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** One round trip to the database: what readiness means. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
