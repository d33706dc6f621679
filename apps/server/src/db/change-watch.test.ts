import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchChanges } from './change-watch.ts';

interface TestDb {
  sessions: { id: string; revoked: number };
  products: { id: string };
}

describe('watchChanges', () => {
  let calls = 0;
  let db: Kysely<TestDb>;
  beforeAll(async () => {
    db = new Kysely<TestDb>({
      dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
      plugins: [watchChanges(['sessions'], () => calls++)],
    });
    await db.schema.createTable('sessions').addColumn('id', 'text').addColumn('revoked', 'integer').execute();
    await db.schema.createTable('products').addColumn('id', 'text').execute();
  });
  afterAll(async () => db?.destroy());

  /** How many times `onWrite` ran while `run` ran. */
  const count = async (run: () => Promise<unknown>) => {
    const before = calls;
    await run();
    return calls - before;
  };

  it('fires before and after every update, delete and upsert of a watched table', async () => {
    await db.insertInto('sessions').values({ id: 's1', revoked: 0 }).execute();
    expect(await count(() => db.updateTable('sessions').set({ revoked: 1 }).where('id', '=', 's1').execute())).toBe(2);
    expect(await count(() => db.updateTable('sessions as s').set({ revoked: 1 }).execute())).toBe(2);
    expect(
      await count(() =>
        db
          .insertInto('sessions')
          .values({ id: 's1', revoked: 0 })
          .onConflict((c) => c.doNothing())
          .execute(),
      ),
    ).toBe(2);
    expect(await count(() => db.replaceInto('sessions').values({ id: 's1', revoked: 0 }).execute())).toBe(2);
    expect(await count(() => db.deleteFrom('sessions').where('id', '=', 's1').execute())).toBe(2);
  });

  it('stays quiet for plain inserts, which change no existing row', async () => {
    expect(await count(() => db.insertInto('sessions').values({ id: 's2', revoked: 0 }).execute())).toBe(0);
  });

  it('fires inside transactions too', async () => {
    const n = await count(() =>
      db.transaction().execute((trx) => trx.updateTable('sessions').set({ revoked: 1 }).execute()),
    );
    expect(n).toBe(2);
  });

  it('fires for raw SQL, whose tables it cannot see, unless it is a plain SELECT', async () => {
    expect(await count(() => sql`update sessions set revoked = 0`.execute(db))).toBe(2);
    expect(await count(() => sql`select 1`.execute(db))).toBe(0);
  });

  it('stays quiet for reads and for writes to other tables', async () => {
    expect(await count(() => db.selectFrom('sessions').selectAll().execute())).toBe(0);
    expect(await count(() => db.insertInto('products').values({ id: 'p1' }).execute())).toBe(0);
    expect(await count(() => db.deleteFrom('products').execute())).toBe(0);
  });
});
