import { PIN_ARGON2, PIN_PATTERN, argon2Params, verifyPin } from '@shopdesk/shared';
import { nodeArgon2 } from '../../lib/passwords.ts';

// Algorithm.Argon2id; the package's const enum cannot be imported under verbatimModuleSyntax.
const ARGON2ID = 2;

/*
 * The server's side of packages/shared/src/pin-hash.ts: the same argon2id PHC strings with the
 * same cost, made and checked by `@node-rs/argon2` on libuv's thread pool rather than by the
 * browser's wasm on the event loop, where each 100+ ms verify would hold up every other request.
 * A hash made here verifies on the till offline and the other way round (till-pin-hash.test.ts).
 */

/** A new argon2id hash of a till PIN, at the cost in PIN_ARGON2. */
export function hashTillPin(pin: string): Promise<string> {
  return nodeArgon2.hash(pin, {
    algorithm: ARGON2ID,
    memoryCost: PIN_ARGON2.memorySize,
    timeCost: PIN_ARGON2.iterations,
    parallelism: PIN_ARGON2.parallelism,
    outputLen: PIN_ARGON2.hashLength,
  });
}

/** Whether `pin` matches `stored`: argon2id here, a former PBKDF2 hash through the shared verifier. */
export async function verifyTillPin(pin: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored || !PIN_PATTERN.test(pin)) return false;
  if (!argon2Params(stored)) return verifyPin(pin, stored);
  return nodeArgon2.verify(stored, pin).catch(() => false);
}
