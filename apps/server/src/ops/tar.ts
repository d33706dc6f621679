import { createReadStream } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { once } from 'node:events';

/**
 * The few parts of POSIX ustar that a backup needs: regular files only, written and read as
 * streams, so a multi-gigabyte database never sits in memory. The archive is a plain tar (gzipped
 * by the caller), so `tar -tzf backup.tar.gz` lists it and `tar -xzf` unpacks it by hand.
 */

const BLOCK = 512;
/** The largest size an 11-digit octal field holds; larger sizes use GNU's base-256 form. */
const OCTAL_SIZE_LIMIT = 8 ** 11;

function writeString(header: Buffer, value: string, offset: number, length: number): void {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > length) throw new Error(`tar: "${value}" does not fit its header field`);
  bytes.copy(header, offset);
}

function writeOctal(header: Buffer, value: number, offset: number, length: number): void {
  writeString(header, value.toString(8).padStart(length - 1, '0'), offset, length - 1);
}

function writeSize(header: Buffer, size: number): void {
  if (size < OCTAL_SIZE_LIMIT) return writeOctal(header, size, 124, 12);
  // GNU base-256: the high bit of the first byte set, then the size big-endian.
  let rest = BigInt(size);
  for (let i = 135; i > 124; i--) {
    header[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  header[124] = 0x80;
}

/** Splits a long name into ustar's prefix (155 bytes) and name (100 bytes) at a slash. */
function splitName(name: string): [prefix: string, name: string] {
  if (Buffer.byteLength(name) <= 100) return ['', name];
  for (let i = name.lastIndexOf('/'); i > 0; i = name.lastIndexOf('/', i - 1)) {
    const [prefix, rest] = [name.slice(0, i), name.slice(i + 1)];
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return [prefix, rest];
  }
  throw new Error(`tar: the path ${name} is too long`);
}

/** One ustar header block (exported for tests that forge archives). */
export function header(name: string, size: number, mtimeMs: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  const [prefix, short] = splitName(name);
  writeString(block, short, 0, 100);
  writeOctal(block, 0o600, 100, 8);
  writeOctal(block, 0, 108, 8);
  writeOctal(block, 0, 116, 8);
  writeSize(block, size);
  writeOctal(block, Math.floor(mtimeMs / 1000), 136, 12);
  block.fill(' ', 148, 156);
  block[156] = '0'.charCodeAt(0);
  writeString(block, 'ustar\u000000', 257, 8);
  writeString(block, prefix, 345, 155);
  let sum = 0;
  for (const byte of block) sum += byte;
  writeString(block, `${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8);
  return block;
}

async function write(out: Writable, chunk: Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/** Writes tar entries to `out` (which the caller ends after `finish`). */
export function tarWriter(out: Writable) {
  return {
    async addBuffer(name: string, bytes: Buffer, mtimeMs = Date.now()): Promise<void> {
      await write(out, header(name, bytes.length, mtimeMs));
      await write(out, bytes);
      await write(out, Buffer.alloc((BLOCK - (bytes.length % BLOCK)) % BLOCK));
    },
    /** Streams a file whose size is known and that nobody changes meanwhile (a copy we made). */
    async addFile(name: string, path: string, size: number, mtimeMs: number): Promise<void> {
      await write(out, header(name, size, mtimeMs));
      let written = 0;
      for await (const chunk of createReadStream(path)) {
        written += (chunk as Buffer).length;
        if (written > size) throw new Error(`tar: ${path} grew while it was archived`);
        await write(out, chunk as Buffer);
      }
      if (written !== size) throw new Error(`tar: ${path} shrank while it was archived`);
      await write(out, Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK));
    },
    /** The two zero blocks that end an archive. */
    async finish(): Promise<void> {
      await write(out, Buffer.alloc(BLOCK * 2));
    },
  };
}

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes, readable until the next entry is asked for; what is left unread is skipped. */
  body: AsyncIterable<Buffer>;
}

/** Reads exact byte counts from a stream of chunks. */
function byteReader(input: Readable) {
  const iterator = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let pending: Buffer = Buffer.alloc(0);
  const fill = async (): Promise<boolean> => {
    const next = await iterator.next();
    if (next.done) return false;
    pending = pending.length ? Buffer.concat([pending, next.value]) : next.value;
    return true;
  };
  return {
    async exact(n: number): Promise<Buffer> {
      while (pending.length < n)
        if (!(await fill())) throw new Error('tar: the archive ends in the middle of an entry');
      const out = pending.subarray(0, n);
      pending = pending.subarray(n);
      return out;
    },
    async *chunks(n: number): AsyncGenerator<Buffer> {
      let left = n;
      while (left > 0) {
        if (pending.length === 0 && !(await fill())) throw new Error('tar: the archive ends in the middle of an entry');
        const take = Math.min(left, pending.length);
        const chunk = pending.subarray(0, take);
        pending = pending.subarray(take);
        left -= take;
        yield chunk;
      }
    },
  };
}

function readString(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readSize(block: Buffer): number {
  if (block[124]! & 0x80) {
    let size = 0n;
    for (let i = 125; i < 136; i++) size = (size << 8n) | BigInt(block[i]!);
    return Number(size);
  }
  return parseInt(readString(block, 124, 12).trim() || '0', 8);
}

function checksumOk(block: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  return parseInt(readString(block, 148, 8).trim(), 8) === sum;
}

/**
 * Yields the regular files of a tar stream in order. An entry's body is only readable until the next
 * entry is asked for. Directories are skipped; links and other kinds are refused (a backup we
 * wrote has none).
 */
export async function* readTar(input: Readable): AsyncGenerator<TarEntry> {
  const reader = byteReader(input);
  for (;;) {
    const block = await reader.exact(BLOCK);
    if (block.every((byte) => byte === 0)) return;
    if (!checksumOk(block)) throw new Error('tar: a damaged header (checksum mismatch): this is not a ShopDesk backup');
    const prefix = readString(block, 345, 155);
    const short = readString(block, 0, 100);
    const name = prefix ? `${prefix}/${short}` : short;
    const size = readSize(block);
    const type = String.fromCharCode(block[156] || 48);
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (type === '5') {
      if (size) for await (const _ of reader.chunks(size + padding));
      continue;
    }
    if (type !== '0') throw new Error(`tar: the entry ${name} is not a regular file`);
    let left = size;
    const body = (async function* () {
      for await (const chunk of reader.chunks(size)) {
        left -= chunk.length;
        yield chunk;
      }
    })();
    yield { name, size, body };
    // Whatever the caller left unread of this entry.
    if (left > 0) for await (const _ of reader.chunks(left));
    if (padding) await reader.exact(padding);
  }
}
