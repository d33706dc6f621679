import type { Config } from '../../config.ts';
import { AppError, rateLimited } from '../../core/errors.ts';
import type { Attempt, DelayRule, Throttle, WindowRule } from '../../lib/rate-limit.ts';

/** The throttle action of wrong-PIN tries on a till (the keys `pinMemberKey` and the till, `till:{id}`). */
export const PIN_THROTTLE = 'till-pin';

/**
 * PIN tries (product.md §2): growing delays per till (`till:{id}`) and per member. Five
 * tries run at once, then each waits 1 s, 2 s, 4 s … at most 5 minutes after the one before; a
 * right PIN starts the key over, and the count is forgotten an hour after its last delay. Never a
 * lock-out: the owner's own PIN is not held back by the device's count, and the owner (or a member
 * with MEMBERS) setting a member's PIN again clears that member's count.
 */
export const PIN_DELAY: DelayRule = { freeFailures: 5, maxDelayMs: 5 * 60_000, memoryMs: 60 * 60_000 };

export const pinMemberKey = (storeId: string, userId: string) => `${storeId}\n${userId}`;

/** "Wait 2 minutes": the time a 429 asks for, in the largest whole unit that fits. */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Runs a throttle check; its 429 says how long to wait, in `say`'s words. */
async function sayingWait<T>(check: () => Promise<T>, say: (wait: string) => string): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode !== 429) throw error;
    const seconds = Number(error.headers?.['retry-after'] ?? 1);
    throw rateLimited(seconds * 1000, say(waitText(seconds)));
  }
}

/** Takes a PIN try's slot, or throws 429 saying how long to wait (the till shows it). */
export function enterPinTry(throttle: Throttle, scope: string, value: string): Promise<Attempt> {
  return sayingWait(
    () => throttle.enter(PIN_THROTTLE, scope, value, PIN_DELAY),
    (wait) => `Too many wrong PINs. Wait ${wait} and try again.`,
  );
}

/**
 * Setting a PIN is throttled like login (product.md §2): per client address and per account, with
 * the auth limits. As login counts the account logged into, this counts the member whose PIN is
 * set (in this store), whoever sets it: one member's PIN cannot be set over and over, while an
 * owner setting up a dozen members' PINs in a row is not held back. Each try counts, refused ones
 * too, so nothing is learnt by setting PINs in a loop.
 */
export async function throttlePinSetting(
  throttle: Throttle,
  limits: Config['rateLimit'],
  ip: string,
  member: { storeId: string; userId: string },
): Promise<void> {
  const perIp: WindowRule = { max: limits.authPerIp, windowMs: limits.authWindowMs };
  const perAccount: WindowRule = { max: limits.authPerEmail, windowMs: limits.authWindowMs };
  await sayingWait(
    async () => {
      await throttle.hit('pin-set', 'ip', ip, perIp);
      await throttle.hit('pin-set', 'member', pinMemberKey(member.storeId, member.userId), perAccount);
    },
    (wait) => `Too many PIN changes in a short time. Wait ${wait} and try again.`,
  );
}
