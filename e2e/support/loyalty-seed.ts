import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';

/*
 * What the report specs need of the customers module (issue 42, the customers-api branch, not
 * merged here yet), written straight into the e2e server's SQLite file as its routes do: the
 * store's points turned on, customers, an owner's adjustment. Sales and their points go through
 * the API. The server reads the store again within SESSION_CACHE_MS (5 s) of this write.
 */

export interface SeedCustomer {
  code: string;
  name: string;
  adjust?: { points: number; note: string; userId: string };
}

/** Turns points on (1 point per 100 paid, a point worth `pointValue`) and adds the customers: their ids by code. */
export function seedLoyalty(storeUrl: string, customers: SeedCustomer[], pointValue = 1): Record<string, string> {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'shopdesk.db'));
  try {
    const store = db.prepare('select id from stores where url_name = ?').get(storeUrl) as { id: string };
    db.prepare(
      'update stores set loyalty_enabled = 1, loyalty_earn_rate = 100, loyalty_point_value = ? where id = ?',
    ).run(pointValue, store.id);
    const now = new Date().toISOString();
    const ids: Record<string, string> = {};
    for (const c of customers) {
      const id = randomUUID();
      ids[c.code] = id;
      db.prepare(
        `insert into customers (store_id, id, code, name, points_balance, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?)`,
      ).run(store.id, id, c.code, c.name, c.adjust?.points ?? 0, now, now);
      if (c.adjust) {
        db.prepare(
          `insert into loyalty_entries (store_id, id, customer_id, kind, points, user_id, note, at)
           values (?, ?, ?, 'ADJUST', ?, ?, ?, ?)`,
        ).run(store.id, randomUUID(), id, c.adjust.points, c.adjust.userId, c.adjust.note, now);
      }
    }
    return ids;
  } finally {
    db.close();
  }
}
