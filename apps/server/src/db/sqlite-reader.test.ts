import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { SNAPSHOT_MAX_AGE_MS } from './sqlite-reader.ts';

// readFirst's reads share one SQLite snapshot: they must still see every commit of this process at
// once, never an uncommitted write, and another process's commits within SNAPSHOT_MAX_AGE_MS.
describe('readFirst on SQLite (a shared read snapshot)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'shopdesk-reader-'));
  const file = join(dir, 'test.db');
  const handle = openDatabase({ kind: 'sqlite', file });
  beforeAll(async () => migrateToLatest(handle));
  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const nameOf = (db: Db, id: string) => db.selectFrom('users').select('name').where('id', '=', id);
  const user = (id: string, name: string) => ({
    id,
    email: `${id}@example.com`,
    password_hash: 'x',
    name,
    locale: 'en-US',
    premium: 0,
    created_at: '2026-01-01',
  });

  it('sees a commit of this process at once, and nothing of a transaction before it commits', async () => {
    expect(await handle.readFirst(nameOf, 'u-1')).toBeUndefined(); // opens the snapshot
    await handle.db.insertInto('users').values(user('u-1', 'Ada')).execute();
    expect(await handle.readFirst(nameOf, 'u-1')).toEqual({ name: 'Ada' });

    await handle.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ name: 'Grace' }).where('id', '=', 'u-1').execute();
      expect(await handle.readFirst(nameOf, 'u-1')).toEqual({ name: 'Ada' });
    });
    expect(await handle.readFirst(nameOf, 'u-1')).toEqual({ name: 'Grace' });
  });

  it("sees another process's commit within the snapshot's age limit", async () => {
    expect(await handle.readFirst(nameOf, 'u-2')).toBeUndefined();
    const other = new SQLite(file);
    other
      .prepare(
        "insert into users (id, email, password_hash, name, locale, premium, created_at) values ('u-2', 'u-2@example.com', 'x', 'Linus', 'en-US', 0, '2026-01-01')",
      )
      .run();
    other.close();
    await new Promise((resolve) => setTimeout(resolve, SNAPSHOT_MAX_AGE_MS + 10));
    expect(await handle.readFirst(nameOf, 'u-2')).toEqual({ name: 'Linus' });
  });
});
