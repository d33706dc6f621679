import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { restoreBackup } from './restore.ts';
import { readTar, tarWriter } from './tar.ts';

const dir = mkdtempSync(join(tmpdir(), 'shopdesk-tar-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function archive(entries: [string, Buffer][]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const tar = tarWriter(out);
  for (const [name, bytes] of entries) await tar.addBuffer(name, bytes);
  await tar.finish();
  out.end();
  return Buffer.concat(chunks);
}

async function entriesOf(bytes: Buffer, chunkSize = 1000): Promise<[string, Buffer][]> {
  const pieces = [];
  for (let i = 0; i < bytes.length; i += chunkSize) pieces.push(bytes.subarray(i, i + chunkSize));
  const found: [string, Buffer][] = [];
  for await (const entry of readTar(Readable.from(pieces))) {
    const parts: Buffer[] = [];
    for await (const part of entry.body) parts.push(part);
    found.push([entry.name, Buffer.concat(parts)]);
  }
  return found;
}

describe('the backup tar format', () => {
  const long = `data/files/${'s'.repeat(60)}/${'i'.repeat(90)}`;
  const entries: [string, Buffer][] = [
    ['shopdesk-backup.json', Buffer.from('{}')],
    ['empty', Buffer.alloc(0)],
    ['exact-block', randomBytes(512)],
    [long, randomBytes(3000)],
  ];

  it('reads back what it wrote, whatever the stream chunks', async () => {
    const bytes = await archive(entries);
    for (const size of [1, 7, 511, 512, 513, 100_000]) expect(await entriesOf(bytes, size)).toEqual(entries);
  });

  it('writes archives the system tar reads, and reads what the system tar writes', async () => {
    const file = join(dir, 'ours.tar');
    writeFileSync(file, await archive(entries));
    const out = join(dir, 'out');
    mkdirSync(out);
    execFileSync('tar', ['-xf', file, '-C', out]);
    for (const [name, bytes] of entries) expect(readFileSync(join(out, name)).equals(bytes)).toBe(true);

    const theirs = join(dir, 'theirs.tar');
    execFileSync('tar', ['--format=ustar', '-cf', theirs, '-C', out, 'shopdesk-backup.json', 'exact-block', long]);
    const read = await entriesOf(readFileSync(theirs));
    expect(read.map(([name]) => name)).toEqual(['shopdesk-backup.json', 'exact-block', long]);
    expect(read[2]![1].equals(entries[3]![1])).toBe(true);
  });

  it('refuses a damaged header and an archive cut short', async () => {
    const bytes = await archive(entries);
    const damaged = Buffer.from(bytes);
    damaged[1024 + 10] = damaged[1024 + 10]! ^ 0xff; // in the second header
    await expect(entriesOf(damaged)).rejects.toThrow(/checksum/);
    await expect(entriesOf(bytes.subarray(0, 1500))).rejects.toThrow(/ends in the middle/);
  });

  it('restores nothing from an archive with a path outside DATA_DIR', async () => {
    const manifest = {
      format: 'shopdesk-backup',
      formatVersion: 1,
      engine: 'sqlite',
      createdAt: new Date().toISOString(),
      appVersion: '0.0.0',
      migration: null,
    };
    const evil = await archive([
      ['shopdesk-backup.json', Buffer.from(JSON.stringify(manifest))],
      ['data/files/../../escaped', Buffer.from('x')],
    ]);
    const file = join(dir, 'evil.tar.gz');
    writeFileSync(file, gzipSync(evil));
    const target = join(dir, 'target', 'data');
    const config = loadConfig({ DATA_DIR: target, JWT_SECRET: 'unused', LOG_LEVEL: 'silent' });
    await expect(restoreBackup(config, file)).rejects.toThrow(/unexpected entry/);
    expect(existsSync(join(dir, 'target', 'escaped'))).toBe(false);
    expect(existsSync(join(target, 'shopdesk.db'))).toBe(false);
  });
});
