// No zod here: the till's PIN pad imports this on the counter, offline too.

/**
 * Till PINs (product.md §2) are kept only as salted slow hashes that the server and the browser
 * both verify with WebCrypto, so a till that is offline can unlock from the hashes it keeps.
 * PBKDF2-SHA256 with a random 16-byte salt per PIN. 60,000 iterations: measured 55 ms per hash
 * for 50,000 in Node 20 on this 2-core machine under load (about 20 ms idle), so a mid phone
 * (3 to 5 times slower) verifies one PIN in about 100–200 ms, inside the 300 ms unlock budget.
 * A 4–6 digit PIN has at most a million values: the hash keeps it off the wire and out of backups,
 * the server's throttle (and the till device's own) is what stops guessing.
 * Format: `pbkdf2-sha256$<iterations>$<salt base64>$<hash base64>`.
 */
export const PIN_HASH_ITERATIONS = 60_000;
export const PIN_PATTERN = /^[0-9]{4,6}$/;

const PREFIX = 'pbkdf2-sha256';

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

async function derive(pin: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const subtle = globalThis.crypto.subtle;
  const key = await subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: new Uint8Array(salt), iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

/** A new hash of `pin` with a fresh random salt. */
export async function hashPin(pin: string, iterations = PIN_HASH_ITERATIONS): Promise<string> {
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return `${PREFIX}$${iterations}$${toBase64(salt)}$${toBase64(await derive(pin, salt, iterations))}`;
}

/** Whether `pin` matches `stored`; false for anything that is not a hash of this format. */
export async function verifyPin(pin: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored || !PIN_PATTERN.test(pin)) return false;
  const [prefix, iterationText, saltText, hashText] = stored.split('$');
  const iterations = Number(iterationText);
  if (prefix !== PREFIX || !saltText || !hashText || !Number.isInteger(iterations) || iterations < 1) return false;
  let expected: Uint8Array;
  let salt: Uint8Array;
  try {
    expected = fromBase64(hashText);
    salt = fromBase64(saltText);
  } catch {
    return false;
  }
  const actual = await derive(pin, salt, iterations);
  // Constant time over the hash's length: no early exit on the first differing byte.
  let diff = actual.length ^ expected.length;
  for (let i = 0; i < actual.length; i++) diff |= actual[i]! ^ (expected[i] ?? 0);
  return diff === 0;
}
