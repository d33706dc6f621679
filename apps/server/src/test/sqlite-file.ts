import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import type { TestApp } from './harness.ts';

/** SQLite's own check of the test app's database file (after kills: crash-safety, import-crash). */
export function expectSqliteFileIntact(t: TestApp): void {
  const file = new Database(join(t.dataDir, 'shopdesk.db'), { readonly: true });
  try {
    expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
  } finally {
    file.close();
  }
}
