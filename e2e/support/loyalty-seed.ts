import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';

/*
 * Customers and points written straight into the e2e server's SQLite file, for the report specs
 * while the sale path that writes them (issue 42, the lead's branch) is not merged: the sales are
 * made through the API first, then given their customer and points here as the sale's write will.
 */

export interface SeedCustomer {
  code: string;
  name: string;
  /** Sales (their receipt codes) with the points each earned and redeemed. */
  sales: { code: string; earned: number; redeemed?: number; overdrawn?: boolean }[];
  /** Sales of theirs to move a month back, so they return in today's report. */
  before?: string[];
  adjust?: { points: number; note: string; userId: string };
}

export function seedLoyalty(storeUrl: string, customers: SeedCustomer[], pointValue = 1) {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'shopdesk.db'));
  try {
    const store = db.prepare('select id from stores where url_name = ?').get(storeUrl) as { id: string };
    db.prepare('update stores set loyalty_enabled = 1, loyalty_point_value = ? where id = ?').run(pointValue, store.id);
    const now = new Date().toISOString();
    const entry = db.prepare(
      `insert into loyalty_entries (store_id, id, customer_id, kind, points, sale_id, user_id, note, at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const c of customers) {
      const id = randomUUID();
      db.prepare(
        `insert into customers (store_id, id, code, name, created_at, updated_at) values (?, ?, ?, ?, ?, ?)`,
      ).run(store.id, id, c.code, c.name, now, now);
      let balance = 0;
      for (const s of c.sales) {
        const sale = db
          .prepare('select id, completed_at, total from shop_transactions where store_id = ? and code = ?')
          .get(store.id, s.code) as { id: string; completed_at: string; total: number };
        const redeemed = s.redeemed ?? 0;
        db.prepare(
          `update shop_transactions set customer_id = ?, customer_code = ?, customer_name = ?, points_earned = ?,
             points_redeemed = ?, points_discount = ?, points_overdrawn = ? where store_id = ? and id = ?`,
        ).run(id, c.code, c.name, s.earned, redeemed, redeemed * pointValue, s.overdrawn ? 1 : 0, store.id, sale.id);
        let at = sale.completed_at;
        if (c.before?.includes(s.code)) {
          at = new Date(Date.parse(at) - 30 * 86_400_000).toISOString();
          db.prepare(
            'update shop_transactions set completed_at = ?, sold_at = ?, business_date = ? where store_id = ? and id = ?',
          ).run(at, at, at.slice(0, 10), store.id, sale.id);
        }
        entry.run(store.id, randomUUID(), id, 'EARN', s.earned, sale.id, null, '', at);
        if (redeemed) entry.run(store.id, randomUUID(), id, 'REDEEM', -redeemed, sale.id, null, '', at);
        balance += s.earned - redeemed;
      }
      if (c.adjust) {
        entry.run(store.id, randomUUID(), id, 'ADJUST', c.adjust.points, null, c.adjust.userId, c.adjust.note, now);
        balance += c.adjust.points;
      }
      db.prepare('update customers set points_balance = ? where store_id = ? and id = ?').run(balance, store.id, id);
    }
  } finally {
    db.close();
  }
}
