import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

/**
 * A SQLite database file of the app's schema for the tests of one `describe`, in a directory of
 * its own: migrated before its tests, closed and removed after them. Call it in the describe body.
 */
export function migratedSqlite(prefix: string): { handle: DatabaseHandle; file: string } {
  const dir = mkdtempSync(join(tmpdir(), `shopdesk-${prefix}-`));
  const file = join(dir, 'test.db');
  const handle = openDatabase({ kind: 'sqlite', file });
  beforeAll(async () => migrateToLatest(handle));
  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { handle, file };
}
