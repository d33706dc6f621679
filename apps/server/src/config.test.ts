import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('config', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'shopdesk-config-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('applies the documented defaults', () => {
    const dir = tempDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.appUrl).toBe('http://localhost:3000');
    expect(c.database).toEqual({ kind: 'sqlite', file: join(dir, 'shopdesk.db') });
    expect(c.freeLimits).toEqual({ products: 100, cargos: 20, transactions: 300, members: 1, customers: 200 });
    expect(c.mail.outboxDir).toBe(join(dir, 'outbox'));
    expect(c.webDist).toMatch(/apps\/web\/dist$/);
  });

  it('generates a JWT secret once and keeps it in DATA_DIR', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    const second = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').length).toBeGreaterThanOrEqual(64);
  });

  it('uses PostgreSQL when DATABASE_URL is set and names bad variables', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://x@127.0.0.1/db' }).database.kind).toBe('postgres');
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_SCHEMA: 'bad; drop' })).toThrow(/DATABASE_SCHEMA/);
  });
});
