import { pinSecretOf, tillKeyOf, verifyProof } from '@shopdesk/shared';

/** A member's PIN hashes as access.repo's findMemberWithPin reads them. */
export interface MemberPinHashes {
  pin_hash: string | null;
  previous_pin_hash?: string | null;
}

/**
 * Whether `proof` is the member's signature of `message` with their till key (till-proof.ts): from
 * their PIN's hash, or from the hash it had before the server upgraded the same PIN to today's cost,
 * so what a till signed offline from the former verifier still verifies after the upgrade.
 */
export async function signedByMember(member: MemberPinHashes, message: string, proof: string): Promise<boolean> {
  for (const hash of [member.pin_hash, member.previous_pin_hash]) {
    const secret = pinSecretOf(hash);
    if (secret && (await verifyProof(await tillKeyOf(secret), message, proof))) return true;
  }
  return false;
}
