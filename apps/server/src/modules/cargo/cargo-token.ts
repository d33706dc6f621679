import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CARGO_QR_TOKEN_PATTERN } from '@shopdesk/shared';

/**
 * The QR hand-over token (shared/cargo.ts): `nonce.signature`, both 22 base64url characters. The
 * nonce is 128 random bits, so nothing about the cargo (its code included) leads to a token; the
 * signature is an HMAC-SHA256 with the server's secret over the nonce, the cargo id and the expiry,
 * so a token only works for the cargo and the expiry it was issued with, and a database leak of
 * nonce hashes gives no working token.
 */

const SIG_BYTES = 16;

export function signature(secret: Uint8Array, nonce: string, cargoId: string, expiresAt: string): string {
  return createHmac('sha256', secret)
    .update(`cargo-qr\n${nonce}\n${cargoId}\n${expiresAt}`, 'utf8')
    .digest()
    .subarray(0, SIG_BYTES)
    .toString('base64url');
}

/** What is stored: the nonce's hash. */
export function nonceHash(nonce: string): string {
  return createHash('sha256').update(`cargo-qr\n${nonce}`, 'utf8').digest('hex');
}

export function newToken(secret: Uint8Array, cargoId: string, expiresAt: string): { token: string; nonce: string } {
  const nonce = randomBytes(16).toString('base64url');
  return { token: `${nonce}.${signature(secret, nonce, cargoId, expiresAt)}`, nonce };
}

/** The token's parts, or null when it is not shaped like one. */
export function splitToken(token: string): { nonce: string; sig: string } | null {
  if (!CARGO_QR_TOKEN_PATTERN.test(token)) return null;
  const [nonce, sig] = token.split('.') as [string, string];
  return { nonce, sig };
}

/** Compares the signature in constant time. */
export function signatureMatches(secret: Uint8Array, nonce: string, sig: string, cargoId: string, expiresAt: string) {
  const expected = Buffer.from(signature(secret, nonce, cargoId, expiresAt), 'base64url');
  const given = Buffer.from(sig, 'base64url');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
