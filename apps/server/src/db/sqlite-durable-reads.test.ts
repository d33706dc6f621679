import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { until, watch } from '../test/settling.ts';
import { openDatabase, type Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';

/** The group commit as openDatabase wires it on SQLite: the WAL file's sync, the durable reader, the WAL bound. */
const dirs: string[] = [];
const closers: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('openDatabase on SQLite', () => {
  it('commits through the WAL file sync: the writer runs at synchronous=NORMAL and the data is there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shopdesk-group-commit-'));
    dirs.push(dir);
    const file = join(dir, 'test.db');
    const handle = openDatabase({ kind: 'sqlite', file });
    closers.push(() => handle.close());
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db);
    expect(rows[0]!.synchronous).toBe(1);
    await sql`create table t (a integer)`.execute(handle.db);
    await Promise.all(
      Array.from({ length: 20 }, (_, a) =>
        handle.db.transaction().execute((trx) => sql`insert into t (a) values (${a})`.execute(trx)),
      ),
    );
    const { rows: count } = await sql<{ n: number }>`select count(*) as n from t`.execute(handle.db);
    expect(count[0]!.n).toBe(20);
  });
});

/**
 * The app's database on SQLite with its WAL syncs held until the test ends each one: what a
 * request waits for, and what its reads can see, while another request's commit is not on disk.
 */
async function heldSyncs() {
  const dir = mkdtempSync(join(tmpdir(), 'shopdesk-durable-reads-'));
  dirs.push(dir);
  const file = join(dir, 'test.db');
  const flushes: Array<() => void> = [];
  let holding = false;
  const handle = openDatabase({ kind: 'sqlite', file }, undefined, [], {
    wrapWalFlush: async (flush) => {
      if (holding) await new Promise<void>((resolve) => flushes.push(resolve));
      await flush();
    },
  });
  closers.push(() => handle.close());
  await migrateToLatest(handle);
  const user = (id: string, name: string) => ({
    id,
    email: `${id}@example.com`,
    password_hash: 'x',
    name,
    locale: 'en-US',
    premium: 0,
    created_at: '2026-01-01',
  });
  await handle.db.insertInto('users').values(user('u-1', 'Ada')).execute();
  holding = true;
  // A connection of its own sees what is committed, synced or not.
  const other = new SQLite(file, { readonly: true });
  closers.push(() => void other.close());
  const committed = (id: string) => other.prepare('select name from users where id = ?').get(id) !== undefined;
  return { handle, flushes, user, committed };
}

const nameOf = (db: Db, id: string) => db.selectFrom('users').select('name').where('id', '=', id);

describe("what a request waits for on SQLite (no read waits for another request's fsync)", () => {
  it("reads outside a transaction answer at once while another request's commit waits for its sync, without seeing it", async () => {
    const { handle, flushes, user, committed } = await heldSyncs();
    const write = watch(handle.db.insertInto('users').values(user('u-2', 'Grace')).execute());
    await until(() => flushes.length === 1);
    expect(committed('u-2')).toBe(true);
    // Committed but not on disk: no read of the app shows it, and none waits.
    expect(await handle.readFirst(nameOf, 'u-2')).toBeUndefined();
    expect(await nameOf(handle.db, 'u-2').executeTakeFirst()).toBeUndefined();
    expect(await nameOf(handle.db, 'u-1').executeTakeFirst()).toEqual({ name: 'Ada' });
    expect(write.settled, 'the writer still waits for its own sync').toBe(false);
    flushes[0]!();
    await write.promise;
    // Synced before the writer resumed: every read sees it from then on.
    expect(await handle.readFirst(nameOf, 'u-2')).toEqual({ name: 'Grace' });
    expect(await nameOf(handle.db, 'u-2').executeTakeFirst()).toEqual({ name: 'Grace' });
  });

  it('reads outside a transaction never queue behind a transaction holding the writer', async () => {
    const { handle } = await heldSyncs();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const trx = watch(
      handle.db.transaction().execute(async (t) => {
        await t.updateTable('users').set({ name: 'Grace' }).where('id', '=', 'u-1').execute();
        await held;
      }),
    );
    await nextTurn();
    expect(await nameOf(handle.db, 'u-1').executeTakeFirst()).toEqual({ name: 'Ada' });
    expect(trx.settled).toBe(false);
    release();
  });

  it("a transaction waits for its own commit's sync, which covers the commits it read", async () => {
    const { handle, flushes, user, committed } = await heldSyncs();
    const first = watch(handle.db.insertInto('users').values(user('u-2', 'Grace')).execute());
    await until(() => flushes.length === 1);
    const second = watch(
      handle.db.transaction().execute(async (t) => {
        // Reads the first commit, not yet on disk, inside its own transaction.
        const seen = await nameOf(t, 'u-2').executeTakeFirst();
        await t
          .insertInto('users')
          .values(user('u-3', `after ${seen?.name}`))
          .execute();
      }),
    );
    for (let turn = 0; turn < 10; turn++) await nextTurn();
    expect(second.settled).toBe(false);
    expect(committed('u-3'), 'it waits in a batch that commits as the running sync ends').toBe(false);
    flushes[0]!();
    await first.promise;
    await until(() => flushes.length === 2);
    expect(committed('u-3')).toBe(true);
    await nextTurn();
    expect(second.settled, 'its commit came after the first sync started').toBe(false);
    flushes[1]!();
    await second.promise;
    expect(await handle.readFirst(nameOf, 'u-3')).toEqual({ name: 'after Grace' });
  });

  it('a transaction that read an unsynced commit and rolled back answers only once that commit is synced', async () => {
    const { handle, flushes, user } = await heldSyncs();
    const first = watch(handle.db.insertInto('users').values(user('u-2', 'Grace')).execute());
    await until(() => flushes.length === 1);
    const refused = watch(
      handle.db.transaction().execute(async (t) => {
        const seen = await nameOf(t, 'u-2').executeTakeFirst();
        throw new Error(`refused: ${seen?.name} exists`);
      }),
    );
    await nextTurn();
    await nextTurn();
    expect(refused.settled, 'its error shows the unsynced row').toBe(false);
    flushes[0]!();
    await expect(refused.promise).rejects.toThrow('refused: Grace exists');
    await first.promise;
  });

  it('a raw read of the writer outside a transaction waits for the commits it could see; with none waiting, at once', async () => {
    const { handle, flushes, user } = await heldSyncs();
    const idle = await sql<{ n: number }>`select count(*) as n from users`.execute(handle.db);
    expect(idle.rows[0]!.n).toBe(1);
    const first = watch(handle.db.insertInto('users').values(user('u-2', 'Grace')).execute());
    await until(() => flushes.length === 1);
    const raw = watch(sql<{ n: number }>`select count(*) as n from users`.execute(handle.db));
    await nextTurn();
    await nextTurn();
    expect(raw.settled).toBe(false);
    flushes[0]!();
    expect((await raw.promise).rows[0]!.n).toBe(2);
    await first.promise;
  });
});

describe('the WAL under steady writes', () => {
  it('stays bounded although the durable reader always holds a snapshot while commits wait for their sync', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shopdesk-wal-bound-'));
    dirs.push(dir);
    const file = join(dir, 'test.db');
    const bound = 256 * 1024;
    const handle = openDatabase({ kind: 'sqlite', file }, undefined, [], { walRestartBytes: bound });
    closers.push(() => handle.close());
    await sql`create table t (a integer, b text)`.execute(handle.db);
    const filler = 'x'.repeat(4000);
    let largest = 0;
    // Twenty writers at once: some commit is nearly always waiting for its sync meanwhile.
    await Promise.all(
      Array.from({ length: 20 }, async (_, w) => {
        for (let i = 0; i < 60; i++) {
          await handle.db.transaction().execute(async (trx) => {
            await sql`insert into t (a, b) values (${w * 1000 + i}, ${filler})`.execute(trx);
            await sql`select count(*) from t`.execute(trx);
          });
          largest = Math.max(largest, statSync(`${file}-wal`).size);
        }
      }),
    );
    // 1,200 rows of 4 KB went through it; without restarts the WAL would hold them all (~5 MB).
    expect(largest).toBeLessThan(4 * bound);
    const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(handle.db);
    expect(rows[0]!.n).toBe(1200);
  });
});
