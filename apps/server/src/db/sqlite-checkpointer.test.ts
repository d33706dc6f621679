import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { CHECKPOINT_CONNECTION_PRAGMA } from './sqlite-checkpointer.ts';

// The writer only checkpoints past WRITER_CHECKPOINT_PAGES (about 40 MB of WAL); below that, the
// database file grows only when the worker thread copies the WAL into it.
describe('SQLite WAL checkpoints in a worker thread', () => {
  const dir = mkdtempSync(join(tmpdir(), 'shopdesk-checkpoint-'));
  const file = join(dir, 'test.db');
  const handle = openDatabase({ kind: 'sqlite', file });
  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies committed pages into the database file without the writer checkpointing', async () => {
    const before = statSync(file).size;
    await sql`create table filler (id integer primary key, text text not null)`.execute(handle.db);
    // About 4 MB in 1,000 pages: well below the writer's own checkpoint threshold.
    await handle.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 20; i++) {
        const rows = Array.from({ length: 50 }, (_, j) => ({ id: i * 50 + j, text: 'x'.repeat(4000) }));
        await trx
          .insertInto('filler' as never)
          .values(rows as never)
          .execute();
      }
    });
    const grown = async () => {
      for (let tries = 0; tries < 100; tries++) {
        if (statSync(file).size > before + 3_000_000) return true;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return false;
    };
    expect(await grown(), 'the database file holds the committed pages').toBe(true);
  });

  it("checkpoints on a connection that refuses any change of the data (the write worker's is the one that writes)", async () => {
    await sql`create table if not exists kept (a text)`.execute(handle.db);
    await sql`insert into kept (a) values ('x')`.execute(handle.db);
    // A connection set up as the checkpointer's.
    const checkpointing = new SQLite(file);
    try {
      checkpointing.pragma(CHECKPOINT_CONNECTION_PRAGMA);
      expect(checkpointing.pragma('wal_checkpoint(PASSIVE)')).toEqual([expect.objectContaining({ busy: 0 })]);
      expect(() => checkpointing.prepare("insert into kept (a) values ('y')").run()).toThrow(
        expect.objectContaining({ code: 'SQLITE_READONLY' }),
      );
    } finally {
      checkpointing.close();
    }
    const { rows } = await sql<{ a: string }>`select a from kept`.execute(handle.db);
    expect(rows).toEqual([{ a: 'x' }]);
  });

  it('stops its worker on close, so a closed database leaves no thread behind', async () => {
    const other = openDatabase({ kind: 'sqlite', file: join(dir, 'other.db') });
    await sql`create table t (a text)`.execute(other.db);
    await expect(other.close()).resolves.toBeUndefined();
  });
});
