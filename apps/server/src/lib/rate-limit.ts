import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { MINUTE, iso } from './clock.ts';
import type { Clock } from './clock.ts';
import { rateLimited } from '../core/errors.ts';
import * as repo from './rate-limit.repo.ts';

/** At most `max` attempts per `windowMs` for one key. */
export interface WindowRule {
  max: number;
  windowMs: number;
  /** What the 429 says instead of the generic "Too many attempts", e.g. what there were too many of. */
  tooMany?: string;
}

/**
 * Growing delays for one key: `freeFailures` attempts run at once; after them each further attempt
 * must wait 1 s, 2 s, 4 s … (doubling, at most `maxDelayMs`) after the one before. The count is
 * forgotten `memoryMs` after the last delay ends.
 */
export interface DelayRule {
  freeFailures: number;
  maxDelayMs: number;
  memoryMs: number;
}

/** One attempt let through by `Throttle.enter`; report a success so the key starts over. */
export interface Attempt {
  succeeded(): Promise<void>;
}

/**
 * The auth rate limits, counted in the `auth_throttles` table so every app process on the database
 * shares them and a restart keeps them. Each answer over a limit is a 429 RATE_LIMITED with
 * Retry-After. Works the same on SQLite and PostgreSQL: each check is one atomic upsert.
 */
export interface Throttle {
  /** Counts one attempt of `action` by `scope` = `value`; throws 429 past `rule.max` in the window. */
  hit(action: string, scope: string, value: string, rule: WindowRule): Promise<void>;
  /** Takes the next attempt slot of a growing-delay key, or throws 429 while it must wait. */
  enter(action: string, scope: string, value: string, rule: DelayRule): Promise<Attempt>;
  /** Forgets a key's count (an owner lifting a member's wait by setting their PIN again). */
  clear(action: string, scope: string, value: string): Promise<void>;
}

/** Rows past their use are deleted at most this often, by whichever request comes along. */
const PRUNE_EVERY = MINUTE;

/** The row key of a counter: a hash, so no address or email is stored in clear. */
export function throttleKey(action: string, scope: string, value: string): string {
  return createHash('sha256').update(`${action}\n${scope}\n${value}`).digest('hex');
}

export function delayAfter(attempt: number, rule: DelayRule): number {
  if (attempt < rule.freeFailures) return 0;
  return Math.min(1000 * 2 ** Math.min(attempt - rule.freeFailures, 40), rule.maxDelayMs);
}

export function createThrottle(db: Db, clock: Clock, log: FastifyBaseLogger): Throttle {
  let lastPrune = 0;
  const prune = async (nowMs: number) => {
    if (nowMs - lastPrune < PRUNE_EVERY) return;
    lastPrune = nowMs;
    await repo.pruneThrottles(db, iso(new Date(nowMs))).catch((error: unknown) => {
      log.error({ err: error }, 'could not prune the auth rate-limit counters');
    });
  };

  return {
    async hit(action, scope, value, rule) {
      const nowMs = clock.now().getTime();
      await prune(nowMs);
      const { count, window_start } = await repo.hitWindow(db, {
        key: throttleKey(action, scope, value),
        action,
        now: iso(new Date(nowMs)),
        windowFloor: iso(new Date(nowMs - rule.windowMs)),
        expiresAt: iso(new Date(nowMs + rule.windowMs)),
      });
      if (count > rule.max) throw rateLimited(Date.parse(window_start) + rule.windowMs - nowMs, rule.tooMany);
    },

    async enter(action, scope, value, rule) {
      const key = throttleKey(action, scope, value);
      const nowMs = clock.now().getTime();
      await prune(nowMs);
      // The wait after each attempt number, up to the first that reaches the cap.
      const steps = rule.freeFailures + Math.ceil(Math.log2(Math.max(rule.maxDelayMs, 1000) / 1000)) + 1;
      const delays = Array.from({ length: Math.min(steps, 64) }, (_, i) => delayAfter(i + 1, rule));
      const attemptId = randomUUID();
      const row = await repo.takeSlot(db, {
        key,
        action,
        now: iso(new Date(nowMs)),
        attemptId,
        blockedUntil: delays.map((d) => iso(new Date(nowMs + d))),
        expiresAt: delays.map((d) => iso(new Date(nowMs + d + rule.memoryMs))),
      });
      if (row.attempt_id !== attemptId) throw rateLimited(Date.parse(row.blocked_until ?? '') - nowMs || 1000);
      return { succeeded: () => repo.deleteThrottle(db, key) };
    },

    async clear(action, scope, value) {
      await repo.deleteThrottle(db, throttleKey(action, scope, value));
    },
  };
}
