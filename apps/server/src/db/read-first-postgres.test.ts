import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type Db } from './database.ts';

const url = process.env.TEST_DATABASE_URL;

// readFirst runs named (prepared) statements on PostgreSQL; a schema change must not break them.
describe.skipIf(!url)('readFirst on postgres', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let handle: DatabaseHandle;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  beforeAll(async () => {
    await admin(`CREATE SCHEMA ${schema}`);
    handle = openDatabase({ kind: 'postgres', url: url!, schema });
    await sql`create table users (id text primary key, email text not null)`.execute(handle.db);
    await sql`insert into users values ('u-1', 'ada@example.com')`.execute(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  const byId = (db: Db, id: string) => db.selectFrom('users').selectAll().where('id', '=', id);

  it('reads with new arguments on every call', async () => {
    expect(await handle.readFirst(byId, 'u-1')).toEqual({ id: 'u-1', email: 'ada@example.com' });
    expect(await handle.readFirst(byId, 'nobody')).toBeUndefined();
  });

  it('keeps working when a migration adds a column under the prepared statement', async () => {
    const readMany = () => Promise.all(Array.from({ length: 12 }, () => handle.readFirst(byId, 'u-1')));
    await readMany(); // in parallel, so several pooled connections hold the prepared statement
    await sql`alter table users add column locale text not null default 'en-US'`.execute(handle.db);
    for (const row of [...(await readMany()), ...(await readMany())]) {
      expect(row).toEqual({ id: 'u-1', email: 'ada@example.com', locale: 'en-US' });
    }
  });
});
