import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { asUnacknowledgedSteps } from './unacknowledged-steps.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('unacknowledged steps on postgres', () => {
  let handle: DatabaseHandle;
  beforeAll(() => {
    handle = openDatabase({ kind: 'postgres', url: url! });
  });
  afterAll(() => handle?.close());

  const setting = () =>
    handle.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(trx);
      return rows[0]!.synchronous_commit;
    });

  it("runs a step's transaction without waiting for its flush, and only that transaction", async () => {
    expect(await setting()).toBe('on');
    expect(await asUnacknowledgedSteps(setting)).toBe('off');
    // The setting was the transaction's own (SET LOCAL): the pooled connection is back to normal.
    expect(await Promise.all(Array.from({ length: 12 }, setting))).toEqual(Array(12).fill('on'));
  });

  it('keeps the isolation level asked for a step', async () => {
    const level = await asUnacknowledgedSteps(() =>
      handle.db
        .transaction()
        .setIsolationLevel('serializable')
        .execute(async (trx) => {
          const { rows } = await sql<{ level: string; sync: string }>`
            select current_setting('transaction_isolation') as level,
                   current_setting('synchronous_commit') as sync`.execute(trx);
          return rows[0];
        }),
    );
    expect(level).toEqual({ level: 'serializable', sync: 'off' });
  });
});
