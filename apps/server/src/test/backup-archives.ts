import { readFileSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { header, readTar } from '../ops/tar.ts';

/** One entry of a backup archive, for tests that take one apart and forge another. */
export interface Entry {
  name: string;
  bytes: Buffer;
  /** A size to write in the header instead of the bytes' length (a forged header). */
  size?: number;
}

export async function readArchive(file: string): Promise<Entry[]> {
  const entries: Entry[] = [];
  for await (const entry of readTar(Readable.from([gunzipSync(readFileSync(file))]))) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry.body) chunks.push(chunk);
    entries.push({ name: entry.name, bytes: Buffer.concat(chunks) });
  }
  return entries;
}

export function writeArchive(file: string, entries: Entry[]): void {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    blocks.push(header(e.name, e.size ?? e.bytes.length, Date.now()), e.bytes);
    blocks.push(Buffer.alloc((512 - (e.bytes.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  writeFileSync(file, gzipSync(Buffer.concat(blocks)));
}
