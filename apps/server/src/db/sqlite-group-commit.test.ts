import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { until, watch } from '../test/settling.ts';
import { GroupCommitSqliteDialect } from './sqlite-group-commit.ts';
import { groupSync } from './sqlite-wal-sync.ts';

interface Tables {
  item: { writer: number; step: number };
}

const dirs: string[] = [];
const closers: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A WAL database behind the group-commit driver whose syncs are held until the test lets each one
 * end (`flushes[i].done()`), or end at once with `auto`; `other` is a second connection, which
 * sees what is committed whether or not it is synced yet.
 */
async function setup(auto = false, batch = { ms: 60_000 }) {
  const dir = mkdtempSync(join(tmpdir(), 'shopdesk-group-commit-'));
  dirs.push(dir);
  const file = join(dir, 'test.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.exec('create table item (writer integer not null, step integer not null)');
  const flushes: Array<{ done: () => void; fail: (error: Error) => void }> = [];
  const sync = groupSync(
    () =>
      new Promise<void>((resolve, reject) => {
        flushes.push({ done: resolve, fail: reject });
        if (auto) resolve();
      }),
  );
  const commits = { count: 0 };
  const statements = {
    prepare: (text: string) => {
      if (text === 'COMMIT') commits.count++;
      return sqlite.prepare(text);
    },
    close: () => sqlite.close(),
    inTransaction: () => sqlite.inTransaction,
  };
  // Batches are not cut by time here (a busy machine would make the COMMIT counts vary), unless asked.
  const db = new Kysely<Tables>({ dialect: new GroupCommitSqliteDialect(statements, sync, batch) });
  const other = new SQLite(file, { readonly: true });
  closers.push(
    () => void other.close(),
    () => db.destroy(),
  );
  const stored = (writer?: number) =>
    writer === undefined
      ? (other.prepare('select count(*) as n from item').get() as { n: number }).n
      : (other.prepare('select count(*) as n from item where writer = ?').get(writer) as { n: number }).n;
  return { db, flushes, stored, sync, commits, sqlite };
}

describe('SQLite group commit', () => {
  it('answers a transaction only after a sync that started after its COMMIT', async () => {
    const { db, flushes, stored } = await setup();
    const done = watch(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('item').values({ writer: 1, step: 1 }).execute();
      }),
    );
    await until(() => flushes.length === 1);
    expect(stored(1), 'committed').toBe(1);
    await nextTurn();
    expect(done.settled, 'not answered while its sync runs').toBe(false);
    flushes[0]!.done();
    await done.promise;
  });

  it('keeps the transactions that come while a sync runs in one batch, committed as it ends and synced by one more fsync', async () => {
    const { db, flushes, stored, commits } = await setup();
    const first = watch(db.insertInto('item').values({ writer: 0, step: 0 }).execute());
    await until(() => flushes.length === 1);
    const rest = Array.from({ length: 10 }, (_, writer) =>
      watch(
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('item')
            .values({ writer: writer + 1, step: 1 })
            .execute();
          await nextTurn();
          await trx
            .insertInto('item')
            .values({ writer: writer + 1, step: 2 })
            .execute();
        }),
      ),
    );
    for (let turn = 0; turn < 20; turn++) await nextTurn();
    // They could not be durable before the next sync anyway: nothing is committed yet.
    expect(stored()).toBe(1);
    expect(commits.count).toBe(0);
    flushes[0]!.done();
    await first.promise;
    await until(() => flushes.length === 2);
    expect(stored(), 'committed as the first sync ended, before the second began').toBe(21);
    expect(commits.count, 'in one COMMIT').toBe(1);
    await nextTurn();
    expect(rest.some((t) => t.settled)).toBe(false);
    flushes[1]!.done();
    await Promise.all(rest.map((t) => t.promise));
    expect(flushes, 'one sync for the ten').toHaveLength(2);
  });

  it('tells when every commit so far is on disk (answers wait for it): at once when none waits', async () => {
    const { db, flushes, sync } = await setup();
    expect(sync.pending()).toBeUndefined();
    const write = db.insertInto('item').values({ writer: 1, step: 1 }).execute();
    await until(() => flushes.length === 1);
    const caughtUp = watch(sync.pending()!);
    await nextTurn();
    expect(caughtUp.settled).toBe(false);
    flushes[0]!.done();
    await Promise.all([write, caughtUp.promise]);
    expect(sync.pending()).toBeUndefined();
  });

  it('undoes only the transaction that throws after awaiting; the others commit', async () => {
    const { db, stored } = await setup(true);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, writer) =>
        db.transaction().execute(async (trx) => {
          await trx.insertInto('item').values({ writer, step: 1 }).execute();
          await new Promise((resolve) => setTimeout(resolve, 1));
          await trx.insertInto('item').values({ writer, step: 2 }).execute();
          await nextTurn();
          if (writer === 3) throw new Error('writer 3 fails');
          await trx.insertInto('item').values({ writer, step: 3 }).execute();
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([...'fffrffff'].map((s) => (s === 'f' ? 'fulfilled' : 'rejected')));
    expect(stored(3), "nothing of writer 3's").toBe(0);
    for (const writer of [0, 1, 2, 4, 5, 6, 7]) expect(stored(writer)).toBe(3);
  });

  it('a failed sync fails its waiters and every later write, and never rolls back another transaction', async () => {
    const { db, flushes, stored } = await setup();
    const first = db.transaction().execute(async (trx) => {
      await trx.insertInto('item').values({ writer: 1, step: 1 }).execute();
    });
    await until(() => flushes.length === 1);
    // The second transaction is open, holding the connection, when the first one's sync fails.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const second = db.transaction().execute(async (trx) => {
      await trx.insertInto('item').values({ writer: 2, step: 1 }).execute();
      await held;
      await trx.insertInto('item').values({ writer: 2, step: 2 }).execute();
    });
    await until(() => stored(1) === 1);
    await nextTurn();
    flushes[0]!.fail(new Error('EIO'));
    await expect(first).rejects.toThrow(/syncing the WAL/);
    release();
    await expect(second).rejects.toThrow(/syncing the WAL/);
    expect(stored(2), 'the second transaction committed whole, not rolled back by the first').toBe(2);
    await expect(db.insertInto('item').values({ writer: 3, step: 1 }).execute()).rejects.toThrow(/syncing the WAL/);
    expect(flushes, 'no sync is tried after a failure').toHaveLength(1);
  });

  it('keeps a connection block working across its writes (the migrator runs in one)', async () => {
    const { db, stored } = await setup(true);
    const rows = await db.connection().execute(async (connection) => {
      await connection.insertInto('item').values({ writer: 1, step: 1 }).execute();
      await connection.insertInto('item').values({ writer: 1, step: 2 }).execute();
      await connection.transaction().execute(async (trx) => {
        await trx.insertInto('item').values({ writer: 1, step: 3 }).execute();
      });
      return connection.selectFrom('item').select('step').orderBy('step').execute();
    });
    expect(rows.map((r) => r.step)).toEqual([1, 2, 3]);
    expect(stored(1)).toBe(3);
  });

  it('rolls back to a savepoint inside a transaction', async () => {
    const { db, stored } = await setup(true);
    const trx = await db.startTransaction().execute();
    await trx.insertInto('item').values({ writer: 1, step: 1 }).execute();
    const inner = await trx.savepoint('inner').execute();
    await inner.insertInto('item').values({ writer: 1, step: 2 }).execute();
    await inner.rollbackToSavepoint('inner').execute();
    await trx.commit().execute();
    expect(stored(1)).toBe(1);
  });
});

describe('SQLite batches: transactions that queue together share one COMMIT', () => {
  it('commits the transactions begun in one turn of the event loop together, and answers each after that sync', async () => {
    const { db, flushes, stored, commits } = await setup();
    const sales = Array.from({ length: 10 }, (_, writer) =>
      watch(
        db.transaction().execute(async (trx) => {
          await trx.insertInto('item').values({ writer, step: 1 }).execute();
          await trx.insertInto('item').values({ writer, step: 2 }).execute();
        }),
      ),
    );
    await until(() => flushes.length === 1);
    expect(commits.count, 'one COMMIT for the ten').toBe(1);
    expect(stored()).toBe(20);
    await nextTurn();
    expect(
      sales.some((s) => s.settled),
      'none answered before the sync',
    ).toBe(false);
    flushes[0]!.done();
    await Promise.all(sales.map((s) => s.promise));
    expect(flushes).toHaveLength(1);
  });

  it('undoes a failing transaction alone, also when it fails after others of its batch', async () => {
    const { db, stored, commits } = await setup(true);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, writer) =>
        db.transaction().execute(async (trx) => {
          await trx.insertInto('item').values({ writer, step: 1 }).execute();
          if (writer === 2) throw new Error('refused');
          if (writer === 4) await sql`insert into item (writer, step) values (4, null)`.execute(trx);
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect([0, 1, 2, 3, 4, 5].map((w) => stored(w))).toEqual([1, 1, 0, 1, 0, 1]);
    expect(commits.count).toBe(1);
  });

  it('takes at most 128 transactions in one COMMIT', async () => {
    const { db, stored, commits } = await setup(true);
    await Promise.all(
      Array.from({ length: 300 }, (_, writer) =>
        db.transaction().execute((trx) => trx.insertInto('item').values({ writer, step: 1 }).execute()),
      ),
    );
    expect(stored()).toBe(300);
    expect(commits.count).toBeGreaterThanOrEqual(3);
  });

  it('takes no more transactions into a batch past its time: each then commits by itself', async () => {
    const { db, stored, commits } = await setup(true, { ms: 0 });
    await Promise.all(
      Array.from({ length: 5 }, (_, writer) =>
        db.transaction().execute((trx) => trx.insertInto('item').values({ writer, step: 1 }).execute()),
      ),
    );
    expect(stored()).toBe(5);
    expect(commits.count).toBe(5);
  });

  it('commits an open batch before a write outside any transaction, keeping their order', async () => {
    const { db, sqlite, commits } = await setup(true);
    const sale = db.transaction().execute((trx) => trx.insertInto('item').values({ writer: 1, step: 1 }).execute());
    // The sale's statements run in microtasks: the write below comes before its batch's COMMIT is due.
    for (let i = 0; i < 100; i++) await Promise.resolve();
    const lone = db.insertInto('item').values({ writer: 2, step: 1 }).execute();
    await Promise.all([sale, lone]);
    expect(commits.count, "the batch's COMMIT; the lone write committed by itself").toBe(1);
    expect(sqlite.prepare('select writer from item order by rowid').pluck().all()).toEqual([1, 2]);
  });

  it('fails every transaction of a batch whose COMMIT fails, stores none of them, and goes on', async () => {
    const { db, stored, sqlite } = await setup(true);
    // A deferred foreign key is checked at COMMIT only: the batch's COMMIT fails on writer 2's row.
    sqlite.exec(`create table parent (id integer primary key);
      create table child (id integer primary key, parent integer references parent (id) deferrable initially deferred);
      pragma foreign_keys = on;`);
    const results = await Promise.allSettled(
      [1, 2, 3].map((writer) =>
        db.transaction().execute(async (trx) => {
          await trx.insertInto('item').values({ writer, step: 1 }).execute();
          if (writer === 2) await sql`insert into child (id, parent) values (1, 99)`.execute(trx);
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(stored(), 'nothing of the batch').toBe(0);
    expect(sqlite.inTransaction).toBe(false);
    await db.transaction().execute((trx) => trx.insertInto('item').values({ writer: 4, step: 1 }).execute());
    expect(stored(4)).toBe(1);
  });

  it('fails every transaction of a batch that SQLite ended by itself, and goes on', async () => {
    const { db, stored } = await setup(true);
    const results = await Promise.allSettled(
      [1, 2].map((writer) =>
        db.transaction().execute(async (trx) => {
          await trx.insertInto('item').values({ writer, step: 1 }).execute();
          if (writer === 2) {
            // As SQLITE_FULL or an I/O error does: the whole transaction is rolled back.
            await sql`rollback`.execute(trx);
            throw new Error('disk full');
          }
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(stored()).toBe(0);
    await db.transaction().execute((trx) => trx.insertInto('item').values({ writer: 3, step: 1 }).execute());
    expect(stored(3)).toBe(1);
  });
});
