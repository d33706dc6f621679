import { describe, expect, it } from 'vitest';
import {
  argon2Params,
  hashPin,
  preparePinVerifier,
  legacyPbkdf2PinHash,
  PIN_ARGON2,
  pinHashIsCurrent,
  verifyPin,
} from './pin-hash.ts';

// Cheap parameters where the cost is not what a test is about: the format and the checks are the same.
const CHEAP = { memorySize: 64, iterations: 1 };

describe('till PIN hashes', () => {
  it('stores argon2id with a random salt and the current cost, and verifies only the right PIN', async () => {
    const hash = await hashPin('204816');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(argon2Params(hash)).toEqual({
      memorySize: PIN_ARGON2.memorySize,
      iterations: PIN_ARGON2.iterations,
      parallelism: PIN_ARGON2.parallelism,
    });
    expect(pinHashIsCurrent(hash)).toBe(true);
    expect(await verifyPin('204816', hash)).toBe(true);
    expect(await verifyPin('204817', hash)).toBe(false);
    // Salted: the same PIN hashes differently each time.
    expect(await hashPin('204816', CHEAP)).not.toBe(await hashPin('204816', CHEAP));
  });

  it('reads the parameters from the string, so a hash made at another cost still verifies', async () => {
    const hash = await hashPin('1234', CHEAP);
    expect(hash.startsWith('$argon2id$v=19$m=64,t=1,p=1$')).toBe(true);
    expect(argon2Params(hash)).toEqual({ memorySize: 64, iterations: 1, parallelism: 1 });
    expect(await verifyPin('1234', hash)).toBe(true);
    expect(await verifyPin('4321', hash)).toBe(false);
    // Not today's cost: upgraded at the next online unlock.
    expect(pinHashIsCurrent(hash)).toBe(false);
    // Another cost written into the same hash no longer matches: the parameters are part of it.
    expect(await verifyPin('1234', hash.replace('t=1', 't=2'))).toBe(false);
  });

  it('still verifies a former PBKDF2 hash, which is not current', async () => {
    const legacy = await legacyPbkdf2PinHash('5555', 1000);
    expect(legacy.startsWith('pbkdf2-sha256$1000$')).toBe(true);
    expect(await verifyPin('5555', legacy)).toBe(true);
    expect(await verifyPin('5556', legacy)).toBe(false);
    expect(pinHashIsCurrent(legacy)).toBe(false);
    expect(argon2Params(legacy)).toBeNull();
  });

  it('refuses what is not a PIN or not a hash of ours, without running it', async () => {
    const hash = await hashPin('1234', CHEAP);
    expect(await verifyPin('12a4', hash)).toBe(false);
    expect(await verifyPin('1234', null)).toBe(false);
    expect(await verifyPin('1234', '')).toBe(false);
    expect(await verifyPin('1234', 'bcrypt$whatever')).toBe(false);
    expect(await verifyPin('1234', '$argon2id$v=19$m=64,t=1,p=1$@@$@@')).toBe(false);
    expect(await verifyPin('1234', hash.replace('$argon2id$', '$argon2i$'))).toBe(false);
    // A roster that asks for 1 GiB per guess is refused, not run.
    expect(argon2Params(hash.replace('m=64', 'm=1048576'))).toBeNull();
    expect(await verifyPin('1234', hash.replace('m=64', 'm=1048576'))).toBe(false);
    expect(pinHashIsCurrent(null)).toBe(false);
  });

  it('prepares the verifier ahead of the first PIN, cheaply', async () => {
    const started = performance.now();
    await preparePinVerifier();
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await verifyPin('1234', await hashPin('1234', CHEAP))).toBe(true);
  });
});
