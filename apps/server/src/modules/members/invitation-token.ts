import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { INVITATION_TOKEN_PATTERN } from '@shopdesk/shared';

/**
 * The invitation link's token (shared/members.ts): `storeId.nonce.signature`. The nonce is 128
 * random bits; the signature is an HMAC-SHA256 with the server's secret over the nonce, the store,
 * the invited address and the expiry, so a token works only for the invitation it was issued with,
 * cannot be made up, and the stored nonce hashes give no working link.
 */

const SIG_BYTES = 16;

interface Signed {
  storeId: string;
  email: string;
  expiresAt: string;
}

function signature(secret: Uint8Array, nonce: string, signed: Signed): string {
  return createHmac('sha256', secret)
    .update(`store-invitation\n${nonce}\n${signed.storeId}\n${signed.email}\n${signed.expiresAt}`, 'utf8')
    .digest()
    .subarray(0, SIG_BYTES)
    .toString('base64url');
}

/** What is stored: the nonce's hash. */
export function nonceHash(nonce: string): string {
  return createHash('sha256').update(`store-invitation\n${nonce}`, 'utf8').digest('hex');
}

export function newInvitationToken(secret: Uint8Array, signed: Signed): { token: string; hash: string } {
  const nonce = randomBytes(16).toString('base64url');
  return { token: `${signed.storeId}.${nonce}.${signature(secret, nonce, signed)}`, hash: nonceHash(nonce) };
}

/** The token's parts, or null when it is not shaped like one. */
export function splitInvitationToken(token: string): { storeId: string; nonce: string; sig: string } | null {
  if (!INVITATION_TOKEN_PATTERN.test(token)) return null;
  const [storeId, nonce, sig] = token.split('.') as [string, string, string];
  return { storeId, nonce, sig };
}

/** Compares the signature in constant time. */
export function invitationSignatureMatches(secret: Uint8Array, nonce: string, sig: string, signed: Signed): boolean {
  const expected = Buffer.from(signature(secret, nonce, signed), 'base64url');
  const given = Buffer.from(sig, 'base64url');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
