import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

/** Primary keys are random UUIDs (v4), so ids reveal nothing about order or volume. */
export function newId(): string {
  return randomUUID();
}

/**
 * A UUID v7 (RFC 9562): the time in milliseconds, then 74 random bits. For rows written on every
 * sale that carry their own timestamp anyway (sales, their lines, tenders and refunds, ledger
 * movements): consecutive inserts land at the end of the primary key's index instead of on a
 * random page, so a batch of sales rewrites a few shared pages rather than one page per row
 * (for checkout throughput). It tells nothing the rows' own timestamps do not.
 */
export function newOrderedId(now = Date.now()): string {
  // randomUUID draws from Node's pooled entropy, faster than a randomBytes call per id; its first
  // 48 bits become the time and its version digit 7, the rest (variant included) stays random.
  const time = now.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${randomUUID().slice(15)}`;
}

/**
 * The greatest `newOrderedId` of millisecond `ms`: `id <= orderedIdBound(t)` holds for every id made
 * at or before `t` and for none made after, comparing the texts (their time leads, in fixed-width
 * lowercase hex). Random v4 ids of older rows fall on either side at random, so a reader that walks
 * ordered ids by time bounds its range on both sides.
 */
export function orderedIdBound(ms: number): string {
  const time = ms.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-ffff-ffff-ffffffffffff`;
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
