import { describe, expect, it } from 'vitest';
import { insertShaped, rowValues, runShaped } from './shaped-query.ts';
import { migratedSqlite } from '../test/migrated-sqlite.ts';

describe('shaped queries (SQL text kept per shape on the hot write paths)', () => {
  const { handle } = migratedSqlite('shaped');
  const { db } = handle;

  const user = (id: string, name: string) => ({
    id,
    email: `${id}@example.com`,
    password_hash: 'x',
    name,
    locale: 'en-US',
    premium: 0,
    created_at: '2026-01-01',
  });
  const names = async () => (await db.selectFrom('users').select('name').orderBy('id').execute()).map((r) => r.name);

  it('reuses a shape with new values, and never one whose parameters are not the values in order', async () => {
    for (const [id, name] of [
      ['u-1', 'Ada'],
      ['u-2', 'Grace'],
    ] as const) {
      const row = user(id, name);
      await insertShaped(db, 'users', [row], () => db.insertInto('users').values(row));
    }
    const rename = (id: string, name: string) =>
      // Parameters come out as [name, id]: the values listed as [id, name] do not match them.
      runShaped(db, 'rename-reversed', [id, name], () => db.updateTable('users').set({ name }).where('id', '=', id));
    await rename('u-1', 'Ada L.');
    await rename('u-2', 'Grace H.');
    expect(await names()).toEqual(['Ada L.', 'Grace H.']);
  });

  it('compiles rows with differing keys or an undefined value each time, as Kysely would', () => {
    expect(
      rowValues([
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ]),
    ).toBeNull();
    expect(rowValues([{ a: 1, b: undefined }])).toBeNull();
    expect(
      rowValues([
        { a: 1, b: null },
        { a: 2, b: 3 },
      ]),
    ).toEqual({ columns: 'a,b', values: [1, null, 2, 3] });
  });
});
