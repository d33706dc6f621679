import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { setTimeout } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { until, watch } from '../test/settling.ts';
import { AppError } from '../core/errors.ts';
import { openDatabase, type Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { addUserAtCommitTask, addUserTask, missingTask } from './sqlite-write-worker.test-helpers.ts';

const dirs: string[] = [];
const closers: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * The app's SQLite database with its WAL syncs held while `holding` (each ended by the test), its
 * WAL restarted past `walRestartBytes` (the app's bound by default).
 */
async function database(walRestartBytes?: number) {
  const dir = mkdtempSync(join(tmpdir(), 'shopdesk-write-worker-'));
  dirs.push(dir);
  const file = join(dir, 'test.db');
  const flushes: Array<() => void> = [];
  const state = { holding: false };
  const handle = openDatabase({ kind: 'sqlite', file }, undefined, [], {
    walRestartBytes,
    wrapWalFlush: async (flush) => {
      if (state.holding) await new Promise<void>((resolve) => flushes.push(resolve));
      await flush();
    },
  });
  closers.push(() => handle.close());
  await migrateToLatest(handle);
  // A connection of its own sees what is committed, synced or not.
  const other = new SQLite(file, { readonly: true });
  closers.push(() => void other.close());
  const committed = (id: string) => other.prepare('select 1 from users where id = ?').get(id) !== undefined;
  const rowid = (id: string) =>
    (other.prepare('select rowid from users where id = ?').get(id) as { rowid: number }).rowid;
  return { handle, file, flushes, state, committed, rowid };
}

const nameOf = (db: Db, id: string) => db.selectFrom('users').select('name').where('id', '=', id);
const user = (id: string) => ({
  id,
  email: `${id}@example.com`,
  password_hash: 'x',
  name: 'main',
  locale: 'en-US',
  premium: 0,
  created_at: '2026-01-01',
});

describe('the SQLite write worker', () => {
  it('runs a task in its thread and answers once the WAL is synced; until then no read shows it', async () => {
    const { handle, flushes, state, committed } = await database();
    await handle.prepareWrites([addUserTask]);
    state.holding = true;
    const write = watch(handle.runWrite(addUserTask, { id: 'u-1', name: 'Ada' }));
    await until(() => flushes.length === 1, 20_000);
    expect(committed('u-1')).toBe(true);
    expect(await handle.readFirst(nameOf, 'u-1')).toBeUndefined();
    expect(await nameOf(handle.db, 'u-1').executeTakeFirst()).toBeUndefined();
    expect(write.settled).toBe(false);
    flushes[0]!();
    // Plain data crosses back, dates included.
    expect(await write.promise).toEqual({ at: new Date('2026-01-02T03:04:05Z'), count: 1 });
    expect(await handle.readFirst(nameOf, 'u-1')).toEqual({ name: 'Ada' });
  });

  it('answers a task marked answerAtCommit once committed; its sync still runs, and a later write waits for it', async () => {
    const { handle, flushes, state, committed } = await database();
    await handle.prepareWrites([addUserTask]);
    state.holding = true;
    // Answered with the sync held: committed, but no read outside a transaction shows it yet.
    expect(await handle.runWrite(addUserAtCommitTask, { id: 'u-1', name: 'Ada' })).toMatchObject({ count: 1 });
    expect(committed('u-1')).toBe(true);
    expect(await handle.readFirst(nameOf, 'u-1')).toBeUndefined();
    // Its sync was started all the same (nobody awaits it).
    await until(() => flushes.length === 1, 20_000);
    // A later write of the caller is answered only after a sync covering both.
    const later = watch(handle.runWrite(addUserTask, { id: 'u-2', name: 'Bob' }));
    await setTimeout(50);
    expect(later.settled).toBe(false);
    state.holding = false;
    for (const release of flushes.splice(0)) release();
    expect(await later.promise).toMatchObject({ count: 2 });
    expect(await handle.readFirst(nameOf, 'u-1')).toEqual({ name: 'Ada' });
  });

  it('answers a task sent while its modules still load, and the load too', async () => {
    const { handle, committed } = await database();
    // The app prepares its tasks at start and a sale can come before they are loaded.
    const loading = handle.prepareWrites([addUserTask]);
    const write = handle.runWrite(addUserTask, { id: 'u-1', name: 'Ada' });
    await expect(loading).resolves.toBeUndefined();
    expect(await write).toEqual({ at: new Date('2026-01-02T03:04:05Z'), count: 1 });
    expect(committed('u-1')).toBe(true);
  });

  it('undoes a task that throws alone, stores the others of its batch, and hands its AppError back as one', async () => {
    const { handle, committed } = await database();
    const results = await Promise.allSettled([
      handle.runWrite(addUserTask, { id: 'u-1', name: 'Ada' }),
      handle.runWrite(addUserTask, { id: 'u-2', name: 'Bob', fail: 402 }),
      handle.runWrite(addUserTask, { id: 'u-3', name: 'Cy' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const error = (results[1] as PromiseRejectedResult).reason;
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 402, code: 'FREE_LIMIT_REACHED', message: 'refused u-2' });
    expect((error as AppError).details).toEqual([{ field: 'id', message: 'u-2' }]);
    expect([committed('u-1'), committed('u-2'), committed('u-3')]).toEqual([true, false, true]);
  });

  it('takes turns with transactions on the main connection: under a mixed load every write is stored once', async () => {
    const { handle } = await database();
    const writes = Array.from({ length: 60 }, (_, i) =>
      i % 2
        ? handle.runWrite(addUserTask, { id: `w-${i}`, name: 'worker' })
        : handle.db.transaction().execute((trx) =>
            trx
              .insertInto('users')
              .values({
                id: `m-${i}`,
                email: `m-${i}@example.com`,
                password_hash: 'x',
                name: 'main',
                locale: 'en-US',
                premium: 0,
                created_at: '2026-01-01',
              })
              .execute(),
          ),
    );
    await Promise.all(writes);
    const rows = await handle.db
      .selectFrom('users')
      .select(['name', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('name')
      .orderBy('name')
      .execute();
    expect(rows).toEqual([
      { name: 'main', n: 30 },
      { name: 'worker', n: 30 },
    ]);
    // A unique key still refuses a second row with the same id, from either side.
    await expect(handle.runWrite(addUserTask, { id: 'm-0', name: 'again' })).rejects.toMatchObject({
      code: expect.stringMatching(/^SQLITE_CONSTRAINT/),
    });
  });

  it("is the one connection that writes: the main thread's writes run on it, and the app's other connections refuse a write", async () => {
    const { handle, committed, rowid } = await database();
    // A write of the main thread, outside any task, in a transaction and by itself.
    await handle.db.transaction().execute((trx) => trx.insertInto('users').values(user('m-1')).execute());
    await handle.db.insertInto('users').values(user('m-2')).execute();
    expect([committed('m-1'), committed('m-2')]).toEqual([true, true]);
    // last_insert_rowid() belongs to a connection: the main thread's raw SQL sees the task's insert.
    await handle.runWrite(addUserTask, { id: 'w-1', name: 'worker' });
    const { rows } = await sql<{ id: number }>`select last_insert_rowid() as id`.execute(handle.db);
    expect(rows[0]!.id).toBe(rowid('w-1'));
    // The read-only connections behind readFirst (and the reads outside transactions).
    const insertUser = (db: Db, id: string) => db.insertInto('users').values(user(id)).returning('id');
    await expect((async () => handle.readFirst(insertUser, 'r-1'))()).rejects.toMatchObject({
      code: 'SQLITE_READONLY',
    });
    expect(committed('r-1')).toBe(false);
  });

  it('fails the tasks of a thread that stops, stores none of its batch, and starts a new thread for the next', async () => {
    const { handle, committed } = await database();
    await handle.runWrite(addUserTask, { id: 'u-1', name: 'Ada' });
    await expect(handle.runWrite(addUserTask, { id: 'u-2', name: 'Bob', fail: 'exit' })).rejects.toThrow(
      /write worker stopped/,
    );
    expect(committed('u-2')).toBe(false);
    expect(await handle.runWrite(addUserTask, { id: 'u-3', name: 'Cy' })).toMatchObject({ count: 2 });
  });

  /**
   * Tasks that keep coming faster than the thread runs them, none waiting for an answer: the thread
   * always has some pending, so the writer is never free between its batches by itself.
   */
  async function flood(walRestartBytes?: number) {
    const { handle, file } = await database(walRestartBytes);
    const state = { stop: false, done: 0, largestWal: 0 };
    const filler = 'x'.repeat(4000);
    const writes: Promise<unknown>[] = [];
    const producer = (async () => {
      for (let i = 0; !state.stop; i++) {
        for (let j = 0; j < 50; j++)
          writes.push(
            handle.runWrite(addUserTask, { id: `w-${i}-${j}`, name: filler }).then(() => {
              state.done++;
              state.largestWal = Math.max(state.largestWal, statSync(`${file}-wal`).size);
            }),
          );
        await setTimeout(1);
      }
    })();
    const atLeast = (n: number) =>
      vi.waitFor(() => expect(state.done).toBeGreaterThanOrEqual(n), { timeout: 30_000, interval: 5 });
    const end = async () => {
      state.stop = true;
      await producer;
      await Promise.all(writes);
    };
    return { handle, state, atLeast, end, rowBytes: filler.length };
  }

  it("lets a transaction of the main thread in between a steady stream's batches", async () => {
    const { handle, state, atLeast, end } = await flood();
    await atLeast(50);
    const before = state.done;
    await handle.db.transaction().execute((trx) => trx.insertInto('users').values(user('m-1')).execute());
    // It waited for what was sent to the thread then (at most 128), no more; the tasks answered
    // meanwhile also count those already committed and waiting for their sync (a batch or two).
    const waitedFor = state.done - before;
    await atLeast(state.done + 500);
    await end();
    expect(await handle.readFirst(nameOf, 'm-1')).toEqual({ name: 'main' });
    expect(waitedFor).toBeLessThanOrEqual(4 * 128);
  });

  it("keeps the WAL bounded under a steady stream: the stream ends for each of the WAL's restarts", async () => {
    const bound = 256 * 1024;
    const { state, atLeast, end, rowBytes } = await flood(bound);
    await atLeast(500);
    await end();
    expect(state.done * rowBytes).toBeGreaterThan(4 * bound);
    expect(state.largestWal).toBeLessThan(4 * bound);
  });

  it('says which task it cannot find', async () => {
    const { handle } = await database();
    await expect(handle.runWrite(missingTask, { id: 'u-1', name: 'Ada' })).rejects.toThrow(
      /exports no function noSuchExport/,
    );
  });
});
