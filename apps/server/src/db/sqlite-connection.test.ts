import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { configureWriter, tuneSqlite } from './sqlite-connection.ts';

// With memory-mapped reads the server spent 3.4–4.0 ms of CPU a sale under checkout load, 2.0 ms
// without (a map is dropped at each snapshot after a commit, and its pages parsed again at every
// visit), so neither the writer nor a reader may map the file, whatever SQLite defaults to.
describe('SQLite connection settings', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shopdesk-connection-'));
  const file = path.join(dir, 'settings.db');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the writer reads through a 64 MB page cache, in WAL mode, without a memory map', () => {
    const writer = new SQLite(file);
    try {
      configureWriter(writer, 4 * 1024 * 1024);
      expect(writer.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(writer.pragma('mmap_size', { simple: true })).toBe(0);
      expect(writer.pragma('cache_size', { simple: true })).toBe(-65536);
    } finally {
      writer.close();
    }
  });

  it('a read-only connection reads through the page cache too', () => {
    const reader = new SQLite(file, { readonly: true });
    try {
      tuneSqlite(reader);
      expect(reader.pragma('mmap_size', { simple: true })).toBe(0);
      expect(reader.pragma('cache_size', { simple: true })).toBe(-65536);
    } finally {
      reader.close();
    }
  });
});
