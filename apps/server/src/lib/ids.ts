import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

/** Primary keys are random UUIDs (v4), so ids reveal nothing about order or volume. */
export function newId(): string {
  return randomUUID();
}

/** A 256-bit URL-safe secret for links and reset tokens; only its hash is stored. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a secret token: a database leak must not hand out working links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A uniformly random 6-digit code from a CSPRNG, leading zeros kept. */
export function newSixDigitCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * Short codes have only a million values, so a plain hash would be trivially reversed from a
 * leaked table; an HMAC keyed with the server secret and bound to the user is not.
 */
export function hashCode(secret: Uint8Array, scope: string, code: string): string {
  return createHmac('sha256', secret).update(`${scope}:${code}`, 'utf8').digest('hex');
}

/** Compares two hex digests without leaking where they first differ. */
export function safeEqualHex(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * `length` characters of Crockford base32 from a CSPRNG (5 bits each): no I, L, O or U, so a code
 * read aloud or typed from paper is not mistaken. 12 characters (60 bits) key a public receipt.
 */
export function newCrockfordCode(length: number): string {
  const bytes = randomBytes(length);
  let code = '';
  for (const byte of bytes) code += CROCKFORD[byte & 31];
  return code;
}
