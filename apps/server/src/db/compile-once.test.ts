import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compileOnce, type Db } from './database.ts';
import { migratedSqlite } from '../test/migrated-sqlite.ts';

describe('compileOnce (the compile-once reads behind readFirst)', () => {
  const { handle } = migratedSqlite('compile-once');

  it('binds each argument to the parameters it became, keeping constants in place', () => {
    const build = (db: Db, id: string, now: string) =>
      db
        .selectFrom('sessions')
        .selectAll()
        .where('id', '=', id)
        .where('user_agent', '=', 'kiosk')
        .where('expires_at', '>', now);
    const { compiled, bind } = compileOnce(handle.db, build as never, 2);
    expect(compiled.sql).toContain('"expires_at" >');
    expect(bind(['s-1', '2026-01-01'])).toEqual(['s-1', 'kiosk', '2026-01-01']);
  });

  it('refuses a query that changes an argument, since later calls would skip the change', () => {
    const lowercases = (db: Db, urlName: string) =>
      db.selectFrom('stores').selectAll().where('url_name', '=', urlName.toLowerCase());
    const trims = (db: Db, code: string) => db.selectFrom('products').selectAll().where('code', '=', code.trim());
    expect(() => compileOnce(handle.db, lowercases as never, 1)).toThrow(/argument 1 as a query parameter/);
    expect(() => compileOnce(handle.db, trims as never, 1)).toThrow(/argument 1/);
  });

  it('refuses a query that writes an argument into the SQL text or ignores it', () => {
    const inlines = (db: Db, table: string) => db.selectFrom(sql.raw(table) as never).selectAll();
    const ignores = (db: Db, _id: string) => db.selectFrom('stores').selectAll();
    expect(() => compileOnce(handle.db, inlines as never, 1)).toThrow(/argument 1/);
    expect(() => compileOnce(handle.db, ignores as never, 1)).toThrow(/argument 1/);
  });

  it('runs through readFirst with new arguments on every call', async () => {
    const byEmail = (db: Db, email: string) =>
      db.selectFrom('users').select(['id', 'email']).where('email', '=', email);
    await handle.db
      .insertInto('users')
      .values({
        id: 'u-1',
        email: 'ada@example.com',
        password_hash: 'x',
        name: 'Ada',
        locale: 'en-US',
        premium: 0,
        created_at: '2026-01-01',
      })
      .execute();
    expect(await handle.readFirst(byEmail, 'nobody@example.com')).toBeUndefined();
    expect(await handle.readFirst(byEmail, 'ada@example.com')).toEqual({ id: 'u-1', email: 'ada@example.com' });
    expect(await handle.readFirst(byEmail, 'nobody@example.com')).toBeUndefined();
    const everything = (db: Db, id: string) => db.selectFrom('users').selectAll().where('id', '=', id);
    expect(await handle.readFirst(everything, 'u-1')).toEqual({
      id: 'u-1',
      email: 'ada@example.com',
      password_hash: 'x',
      name: 'Ada',
      locale: 'en-US',
      image_id: null,
      default_store_id: null,
      premium: 0,
      email_confirmed_at: null,
      created_at: '2026-01-01',
    });
  });
});
