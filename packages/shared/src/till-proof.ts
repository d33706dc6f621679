// No zod here: the till's PIN pad imports this on the counter, offline too.
import { argon2Params, PIN_PATTERN } from './pin-hash.ts';

/*
 * Proofs a till makes with a member's PIN (product.md §2: "who did what", "manager approval"),
 * which the server can check and a till cannot forge for a PIN it was not given.
 *
 * A PIN's stored hash is `salt` and `H = argon2id(pin, salt)` (or a former PBKDF2 hash). The server
 * keeps `H` and never sends it. A till receives only a verifier: the same string with `H` replaced
 * by `SHA-256(H)`. Typing the PIN, the till computes `H` again (one memory-hard hash, the cost of
 * any guess), compares its SHA-256 with the verifier, and holds `H` in memory while the member is
 * unlocked. From `H` both sides derive the member's till key `K = HMAC(H, "shopdesk till key v1")`
 * and sign short messages with it: who is on the till (a member token), and an offline approval of
 * one action. Someone holding the roster (a till, or its stolen storage) must guess PINs at the full
 * hash cost to make one; the server checks them with one HMAC. Changing a PIN changes `H`, so every
 * token and proof made with the old PIN stops verifying.
 */

const VERIFIER_PREFIX = 'v1:';
const PBKDF2_PREFIX = 'pbkdf2-sha256';
const KEY_LABEL = 'shopdesk till key v1';
const encoder = new TextEncoder();
const HASH_BYTES = 32;

// WebCrypto's own types by inference: the server compiles without the DOM's type library.
type Subtle = typeof globalThis.crypto.subtle;
/** A member's till key (an HMAC-SHA-256 key). */
export type TillKey = Awaited<ReturnType<Subtle['importKey']>>;

function subtle(): Subtle {
  return globalThis.crypto.subtle;
}

/** PHC and our PBKDF2 strings use standard base64; PHC drops the padding, which atob accepts. */
function fromBase64(text: string): Uint8Array {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function toBase64(bytes: Uint8Array, padded = true): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  const encoded = btoa(text);
  return padded ? encoded : encoded.replace(/=+$/, '');
}

function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes, false).replace(/\+/g, '-').replace(/\//g, '_');
}

/** A stored hash split into what is public (its parameters and salt) and the hash itself. */
interface SplitHash {
  /** Everything before the hash: algorithm, parameters and salt, with the trailing `$`. */
  head: string;
  salt: Uint8Array;
  hash: Uint8Array;
  argon2: { memorySize: number; iterations: number; parallelism: number } | null;
  pbkdf2Iterations: number | null;
}

function splitHash(stored: string): SplitHash | null {
  const cut = stored.lastIndexOf('$');
  if (cut <= 0) return null;
  const head = stored.slice(0, cut + 1);
  const parts = stored.split('$');
  try {
    if (stored.startsWith('$argon2id$')) {
      const argon2 = argon2Params(stored);
      if (!argon2) return null;
      return { head, salt: fromBase64(parts[4]!), hash: fromBase64(parts[5]!), argon2, pbkdf2Iterations: null };
    }
    if (parts[0] === PBKDF2_PREFIX && parts.length === 4) {
      const iterations = Number(parts[1]);
      if (!Number.isInteger(iterations) || iterations < 1 || iterations > 10_000_000) return null;
      return {
        head,
        salt: fromBase64(parts[2]!),
        hash: fromBase64(parts[3]!),
        argon2: null,
        pbkdf2Iterations: iterations,
      };
    }
  } catch {
    return null;
  }
  return null;
}

async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await subtle().digest('SHA-256', new Uint8Array(bytes)));
}

/**
 * What a till receives for a stored PIN hash: its parameters and salt with the hash replaced by
 * the hash's SHA-256 (server side; null for no PIN or a hash of no known kind).
 */
export async function pinVerifierOf(stored: string | null | undefined): Promise<string | null> {
  const split = stored ? splitHash(stored) : null;
  if (!split) return null;
  const digest = await sha256(split.hash);
  return `${VERIFIER_PREFIX}${split.head}${split.argon2 ? toBase64(digest, false) : toBase64(digest)}`;
}

/** The stored hash `H` itself (server side), from which the member's till key is derived. */
export function pinSecretOf(stored: string | null | undefined): Uint8Array | null {
  return stored ? (splitHash(stored)?.hash ?? null) : null;
}

async function rawHash(pin: string, split: SplitHash): Promise<Uint8Array> {
  if (split.argon2) {
    const { argon2id } = await import('hash-wasm');
    return argon2id({
      ...split.argon2,
      hashLength: HASH_BYTES,
      password: pin,
      salt: split.salt,
      outputType: 'binary',
    });
  }
  const key = await subtle().importKey('raw', encoder.encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await subtle().deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: new Uint8Array(split.salt), iterations: split.pbkdf2Iterations! },
    key,
    HASH_BYTES * 8,
  );
  return new Uint8Array(bits);
}

/**
 * On the till: `pin` checked against a member's verifier. The PIN's hash `H` when it matches (the
 * secret the member's key derives from, kept in memory only), null otherwise.
 */
export async function unlockWithVerifier(pin: string, verifier: string | null | undefined): Promise<Uint8Array | null> {
  if (!verifier || !verifier.startsWith(VERIFIER_PREFIX) || !PIN_PATTERN.test(pin)) return null;
  const split = splitHash(verifier.slice(VERIFIER_PREFIX.length));
  if (!split || split.hash.length !== HASH_BYTES) return null;
  // Our hashes are 32 bytes (argon2id's hashLength, PBKDF2's 256 bits), as is their SHA-256.
  const hash = await rawHash(pin, split);
  const digest = await sha256(hash);
  // Constant time over the digest: no early exit on the first differing byte.
  let diff = 0;
  for (let i = 0; i < digest.length; i++) diff |= digest[i]! ^ split.hash[i]!;
  return diff === 0 ? hash : null;
}

/** The member's till key, `HMAC-SHA-256(H, label)`, as a key that signs and verifies proofs. */
export async function tillKeyOf(secret: Uint8Array): Promise<TillKey> {
  const hmac = (raw: Uint8Array, usages: ('sign' | 'verify')[]) =>
    subtle().importKey('raw', new Uint8Array(raw), { name: 'HMAC', hash: 'SHA-256' }, false, usages);
  const derived = await subtle().sign('HMAC', await hmac(secret, ['sign']), encoder.encode(KEY_LABEL));
  return hmac(new Uint8Array(derived), ['sign', 'verify']);
}

/** What a proof signs: one line, its fields joined by `|` (none of them may contain one). */
export const proofMessage = {
  /** The member unlocked on till `tillId`, since `issuedAt` (ms): the member token. */
  member: (tillId: string, userId: string, issuedAt: number) => `member|${tillId}|${userId}|${issuedAt}`,
  /** An approval given offline by `approvedBy` for `permission`, for the action `clientId`. */
  approval: (tillId: string, approvedBy: string, permission: string, clientId: string) =>
    `approve|${tillId}|${approvedBy}|${permission}|${clientId}`,
};

export async function signProof(key: TillKey, message: string): Promise<string> {
  return toBase64Url(new Uint8Array(await subtle().sign('HMAC', key, encoder.encode(message))));
}

/** Whether `proof` is `key`'s signature of `message` (WebCrypto's verify compares in constant time). */
export async function verifyProof(key: TillKey, message: string, proof: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(proof)) return false;
  const bytes = fromBase64(proof.replace(/-/g, '+').replace(/_/g, '/'));
  return subtle().verify('HMAC', key, new Uint8Array(bytes), encoder.encode(message));
}

/**
 * The header a till sends with each request while a member is unlocked on it
 * (`X-Till-Member: {userId}.{issuedAt}.{proof}`), and the same token kept with each action queued
 * offline, so the action is recorded under the member who made it whenever it syncs.
 */
export const TILL_MEMBER_HEADER = 'x-till-member';

export interface MemberToken {
  userId: string;
  issuedAt: number;
  proof: string;
}

export function parseMemberToken(text: string | undefined): MemberToken | null {
  const match = text ? /^([A-Za-z0-9_-]{1,64})\.(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(text) : null;
  return match ? { userId: match[1]!, issuedAt: Number(match[2]), proof: match[3]! } : null;
}

/** A member token for `userId` on till `tillId`, signed with their key (on the till offline, on the server online). */
export async function memberToken(key: TillKey, tillId: string, userId: string, issuedAt: number): Promise<string> {
  return `${userId}.${issuedAt}.${await signProof(key, proofMessage.member(tillId, userId, issuedAt))}`;
}
