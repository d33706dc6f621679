// No zod here: the till's PIN pad imports this on the counter, offline too.

/**
 * Till PINs (product.md §2) are kept only as salted memory-hard hashes, one format that the server
 * and the browser both verify, so a till that is offline unlocks from the hashes it keeps.
 *
 * argon2id through `hash-wasm` (its wasm is inlined in its JS: nothing is fetched at run time, and
 * it is imported lazily so the counter's first load does not carry it). The hash is the standard
 * PHC string `$argon2id$v=19$m=<KiB>,t=<passes>,p=<lanes>$<salt>$<hash>`, so every verify reads
 * the parameters it was made with; the server makes and checks the same strings natively
 * (apps/server/src/modules/till/pin-hash.ts, @node-rs/argon2, off the event loop).
 * PIN_ARGON2 below (32 MiB, 3 passes, 1 lane) was measured on this 2-core machine with
 * scripts/measure-pin-hash.mjs, one core, the machine shared and loaded (load average 7–8):
 * 146–183 ms per guess in hash-wasm (what the till runs offline, so an unlock stays under the
 * 300 ms budget), 30–63 ms per guess in native argon2 (@node-rs/argon2, the server's), against
 * 15 ms for the former PBKDF2 (60,000 iterations). An attacker holding the hashes pays at least the
 * native figure and 32 MiB per guess in flight, which is what slows GPUs: at least 5 to 10 minutes
 * of one core per 4-digit PIN (10,000 guesses) natively, half an hour in wasm. A 4–6 digit PIN
 * has at most a million values: the hash keeps it off the wire and makes offline guessing slow;
 * the server's throttle and the till's own are what stop guessing.
 *
 * Hashes made before (`pbkdf2-sha256$<iterations>$<salt base64>$<hash base64>`, WebCrypto)
 * still verify; `pinHashIsCurrent` tells the server to store a new argon2id hash of a PIN it has
 * just verified, so each member's hash is upgraded at their next online unlock.
 */
/** argon2 cost parameters: memory in KiB, passes, lanes, output bytes. */
export interface PinHashCost {
  memorySize: number;
  iterations: number;
  parallelism: number;
  hashLength: number;
}

export const PIN_ARGON2: Readonly<PinHashCost> = {
  memorySize: 32 * 1024,
  iterations: 3,
  parallelism: 1,
  hashLength: 32,
};
export const PIN_PATTERN = /^[0-9]{4,6}$/;

const ARGON2_PREFIX = '$argon2id$';
const PBKDF2_PREFIX = 'pbkdf2-sha256';
/** Parameters past these are not a PIN hash of ours: refused rather than run (a roster could be tampered with). */
const MAX_MEMORY_KIB = 256 * 1024;
const MAX_PASSES = 16;

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The argon2 parameters a PHC string carries, or null when it is not an argon2id hash. */
export function argon2Params(stored: string): { memorySize: number; iterations: number; parallelism: number } | null {
  if (!stored.startsWith(ARGON2_PREFIX)) return null;
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.exec(stored);
  if (!match) return null;
  const [memorySize, iterations, parallelism] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (memorySize > MAX_MEMORY_KIB || iterations < 1 || iterations > MAX_PASSES || parallelism < 1) return null;
  if (memorySize < 8 * parallelism) return null;
  return { memorySize, iterations, parallelism };
}

/** A new argon2id hash of `pin` with a fresh random 16-byte salt and the given (default: current) cost. */
export async function hashPin(pin: string, params: Partial<PinHashCost> = {}): Promise<string> {
  const { argon2id } = await import('hash-wasm');
  return argon2id({
    ...PIN_ARGON2,
    ...params,
    password: pin,
    salt: globalThis.crypto.getRandomValues(new Uint8Array(16)),
    outputType: 'encoded',
  });
}

/**
 * Loads and compiles the verifier ahead of the first PIN (a hash at the smallest cost), so the
 * till's first unlock after a reload pays for the hash only, not for the wasm.
 */
export async function preparePinVerifier(): Promise<void> {
  const { argon2id } = await import('hash-wasm');
  await argon2id({
    password: '0000',
    salt: new Uint8Array(8),
    memorySize: 8,
    iterations: 1,
    parallelism: 1,
    hashLength: 4,
  });
}

/** Whether `stored` is an argon2id hash with today's cost; anything else is replaced at the next online unlock. */
export function pinHashIsCurrent(stored: string | null | undefined): boolean {
  const params = stored ? argon2Params(stored) : null;
  return (
    !!params &&
    params.memorySize === PIN_ARGON2.memorySize &&
    params.iterations === PIN_ARGON2.iterations &&
    params.parallelism === PIN_ARGON2.parallelism
  );
}

/** Whether `pin` matches `stored` (argon2id, or a former PBKDF2 hash); false for anything else. */
export async function verifyPin(pin: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored || !PIN_PATTERN.test(pin)) return false;
  if (stored.startsWith(ARGON2_PREFIX)) {
    if (!argon2Params(stored)) return false;
    const { argon2Verify } = await import('hash-wasm');
    try {
      return await argon2Verify({ password: pin, hash: stored });
    } catch {
      return false;
    }
  }
  return verifyPbkdf2(pin, stored);
}

async function verifyPbkdf2(pin: string, stored: string): Promise<boolean> {
  const [prefix, iterationText, saltText, hashText] = stored.split('$');
  const iterations = Number(iterationText);
  if (prefix !== PBKDF2_PREFIX || !saltText || !hashText || !Number.isInteger(iterations) || iterations < 1)
    return false;
  let expected: Uint8Array;
  let salt: Uint8Array;
  try {
    expected = fromBase64(hashText);
    salt = fromBase64(saltText);
  } catch {
    return false;
  }
  const actual = await pbkdf2(pin, salt, iterations);
  // Constant time over the hash's length: no early exit on the first differing byte.
  let diff = actual.length ^ expected.length;
  for (let i = 0; i < actual.length; i++) diff |= actual[i]! ^ (expected[i] ?? 0);
  return diff === 0;
}

async function pbkdf2(pin: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const subtle = globalThis.crypto.subtle;
  const key = await subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: new Uint8Array(salt), iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

/**
 * A PBKDF2 hash as PINs were stored before argon2id: only for tests that a member's former hash
 * still unlocks and is upgraded. Nothing stores new ones.
 */
export async function legacyPbkdf2PinHash(pin: string, iterations = 60_000): Promise<string> {
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return `${PBKDF2_PREFIX}$${iterations}$${toBase64(salt)}$${toBase64(await pbkdf2(pin, salt, iterations))}`;
}
