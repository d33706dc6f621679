import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { engines, useTestApp } from '../test/harness.ts';
import { readArchive, writeArchive, type Entry } from '../test/backup-archives.ts';
import { SAMPLE_PNG } from '../test/sweep-world.ts';
import { createBackup } from './backup.ts';
import { restoreBackup } from './restore.ts';

/**
 * A backup is data, never code. A forged archive cannot run psql commands or SQL of its own, write
 * outside the target schema, plant triggers in a SQLite file, write outside the places DATA_DIR
 * files go, turn a file into a folder, or unpack into more than its files hold.
 */
async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A query on the database a restore went into. */
async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

describe.each(engines)('restoring a forged backup on %s', (engine) => {
  const t = useTestApp(engine);
  const work = mkdtempSync(join(tmpdir(), 'shopdesk-hostile-'));
  const databases: string[] = [];
  let u: TestUser;
  let entries: Entry[];

  beforeAll(async () => {
    u = await createUser(t);
    const put = await t.request('PUT', `/api/secure/file/data/${u.store.urlName}/${randomUUID()}`, {
      token: u.token,
      raw: SAMPLE_PNG,
      headers: { 'content-type': 'image/png' },
    });
    expect(put.status, put.text).toBe(200);
    const archive = join(work, 'good.tar.gz');
    await createBackup(loadConfig({ LOG_LEVEL: 'silent', JWT_SECRET: 'unused', ...t.databaseEnv }), archive);
    entries = await readArchive(archive);
  });

  afterAll(async () => {
    for (const name of databases) await admin(`drop database if exists ${name} with (force)`);
    rmSync(work, { recursive: true, force: true });
  });

  /** An empty DATA_DIR and (PostgreSQL) a new, empty database (its public schema) to restore into. */
  async function target(): Promise<Record<string, string>> {
    const env: Record<string, string> = { DATA_DIR: mkdtempSync(join(work, 'into-')) };
    if (engine === 'postgres') {
      const name = `shopdesk_hostile_${randomBytes(5).toString('hex')}`;
      databases.push(name);
      await admin(`create database ${name}`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      Object.assign(env, { DATABASE_URL: url.toString(), DATABASE_SCHEMA: '' });
    }
    return env;
  }

  async function restore(forged: Entry[]) {
    const file = join(work, `${randomUUID()}.tar.gz`);
    writeArchive(file, forged);
    const env = await target();
    const result = restoreBackup(loadConfig({ LOG_LEVEL: 'silent', JWT_SECRET: 'unused', ...env }), file).then(
      (summary) => ({ summary, error: undefined }),
      (error: Error) => ({ summary: undefined, error }),
    );
    return { ...(await result), env };
  }

  async function expectNothingRestored(env: Record<string, string>) {
    expect(await readdir(env.DATA_DIR!)).toEqual([]);
    if (engine === 'postgres') {
      const rows = await query(
        env.DATABASE_URL!,
        `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')`,
      );
      expect(rows).toEqual([]);
    }
  }

  const replace = (name: string, bytes: Buffer, size?: number) =>
    entries.map((e) => (e.name === name ? { name, bytes, size } : e));
  const dumpName = engine === 'sqlite' ? 'shopdesk.db' : 'database.sql';
  const dump = () => entries.find((e) => e.name === dumpName)!.bytes;

  it('restores the untouched archive (the forgeries below start from it)', async () => {
    const { error, env } = await restore(entries);
    expect(error).toBeUndefined();
    expect(existsSync(join(env.DATA_DIR!, 'jwt-secret'))).toBe(true);
  });

  it('refuses a file where a folder of the app goes (data/jwt-secret/x) and paths outside its places', async () => {
    for (const name of ['data/jwt-secret/x', 'data/files/x', 'data/files/a/b/c', 'data/outbox/a/b', 'data/.hidden']) {
      const { error, env } = await restore([...entries, { name, bytes: Buffer.from('x') }]);
      expect(error?.message, name).toMatch(/unexpected entry/);
      await expectNothingRestored(env);
    }
    const { error, env } = await restore([...entries, entries.at(-1)!]);
    expect(error?.message).toMatch(/a second entry/);
    await expectNothingRestored(env);
  });

  it('refuses an entry larger than such a file ever holds, before unpacking it', async () => {
    // 3 MB of zeros: a few kilobytes gzipped, more than an uploaded image may hold.
    const image = entries.find((e) => e.name.startsWith('data/files/'))!;
    const big = await restore(replace(image.name, Buffer.alloc(3 * 1024 * 1024)));
    expect(big.error?.message).toMatch(/more than such a file ever holds/);
    await expectNothingRestored(big.env);
    const secret = await restore(replace('data/jwt-secret', Buffer.alloc(64 * 1024, 'a')));
    expect(secret.error?.message).toMatch(/more than such a file ever holds/);
    // The database may be large, but not larger than the disk: a header claiming a petabyte.
    const huge = await restore(replace(dumpName, dump(), 2 ** 50));
    expect(huge.error?.message).toMatch(/more than the free space/);
    await expectNothingRestored(huge.env);
  });

  it.runIf(engine === 'postgres')('never runs a psql command of the archive', async () => {
    const marker = join(work, `ran-${randomUUID()}`);
    for (const forged of [
      Buffer.concat([Buffer.from(`\\! touch ${marker}\n`), dump()]),
      Buffer.from(dump().toString('utf8').replace(/\n\n/, `\nSELECT 1; \n\\! touch ${marker}\n\n`)),
    ]) {
      const { error, env } = await restore(replace(dumpName, forged));
      expect(error?.message).toMatch(/psql command outside table data/);
      expect(existsSync(marker)).toBe(false);
      await expectNothingRestored(env);
    }
  });

  it.runIf(engine === 'postgres')('runs none of its SQL and loads data only into the target schema', async () => {
    const evil = `evil_${randomBytes(4).toString('hex')}`;
    const text = dump().toString('utf8');
    const source = /^COPY ([a-z_0-9]+)\.users /m.exec(text)![1]!;
    // SQL beside the data is not run: the table it creates appears nowhere.
    const withSql = text.replace(/\n\n/, `\nCREATE TABLE public.${evil} (x int);\nCREATE SCHEMA ${evil};\n\n`);
    const ran = await restore(replace(dumpName, Buffer.from(withSql)));
    expect(ran.error).toBeUndefined();
    const url = ran.env.DATABASE_URL!;
    const found = await query(url, `select to_regclass($1) as t, to_regnamespace($2) as s`, [`public.${evil}`, evil]);
    expect(found[0]).toEqual({ t: null, s: null });
    const users = await query<{ n: number }>(url, `select count(*)::int as n from public.users`);
    expect(users[0]!.n).toBeGreaterThan(0);
    // Data for another schema, or for a table our migrations do not make, is refused.
    for (const forged of [
      text.replace(`COPY ${source}.users `, 'COPY public.users '),
      text.replace(`COPY ${source}.users `, `COPY ${source}.${evil} `),
      text.replace(/^COPY ([a-z_0-9]+)\.users \(/m, `COPY ${source}.users (${evil}, `),
    ]) {
      const { error, env } = await restore(replace(dumpName, Buffer.from(forged)));
      expect(error?.message).toMatch(/not what ShopDesk's backup writes/);
      await expectNothingRestored(env);
    }
  });

  it.runIf(engine === 'sqlite')('refuses a SQLite file with a trigger of its own', async () => {
    const file = join(work, 'forged.db');
    writeFileSync(file, dump());
    const db = new Database(file);
    db.exec(`create trigger planted after insert on products begin delete from users; end`);
    db.close();
    const { error, env } = await restore(replace(dumpName, readFileSync(file)));
    expect(error?.message).toMatch(/trigger \(planted\) that ShopDesk's migrations do not make/);
    await expectNothingRestored(env);
  });
});
