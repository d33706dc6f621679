#!/usr/bin/env node
// What one guess at a till PIN costs on this machine (product.md §2: at least 100 ms on one core),
// for the parameters in packages/shared/src/pin-hash.ts (PIN_ARGON2): the browser's verifier
// (hash-wasm, the wasm the till runs offline) and the server's (@node-rs/argon2, native, the
// fastest an attacker holding the hashes would likely use), with the former PBKDF2 beside them.
// Run it on an idle machine: `node scripts/measure-pin-hash.mjs [memoryKiB passes]`.
import { argon2id } from 'hash-wasm';
import { hash as nativeHash } from '@node-rs/argon2';
import { pbkdf2Sync, randomBytes } from 'node:crypto';

const memorySize = Number(process.argv[2] ?? 32 * 1024);
const iterations = Number(process.argv[3] ?? 3);
const ROUNDS = 10;

async function time(label, once) {
  await once(); // warm up: the wasm's compilation and the first allocation are not a guess
  const started = performance.now();
  for (let i = 0; i < ROUNDS; i++) await once();
  const ms = (performance.now() - started) / ROUNDS;
  console.log(
    `${label}: ${ms.toFixed(1)} ms per guess; a 4-digit PIN (10,000 guesses) ${((ms * 10_000) / 1000 / 60).toFixed(1)} min`,
  );
}

const params = { memorySize, iterations, parallelism: 1, hashLength: 32 };
console.log(`argon2id m=${memorySize} KiB (${memorySize / 1024} MiB), t=${iterations}, p=1, one core`);
await time('hash-wasm (till, offline)', () =>
  argon2id({ ...params, password: '123456', salt: randomBytes(16), outputType: 'encoded' }),
);
await time('@node-rs/argon2 (server, native)', () =>
  nativeHash('123456', { algorithm: 2, memoryCost: memorySize, timeCost: iterations, parallelism: 1, outputLen: 32 }),
);
await time('former PBKDF2-SHA256, 60,000 iterations', async () =>
  pbkdf2Sync('123456', randomBytes(16), 60_000, 32, 'sha256'),
);
