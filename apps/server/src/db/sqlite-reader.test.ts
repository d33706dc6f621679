import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Db } from './database.ts';
import { SNAPSHOT_MAX_AGE_MS } from './sqlite-reader.ts';
import { migratedSqlite } from '../test/migrated-sqlite.ts';

// readFirst's reads share one SQLite snapshot: they must still see every commit of this process at
// once, never an uncommitted write, and another process's commits within SNAPSHOT_MAX_AGE_MS.
describe('readFirst on SQLite (a shared read snapshot)', () => {
  const { handle, file } = migratedSqlite('reader');

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
