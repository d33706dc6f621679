import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/database.ts';
import { MINUTE, iso, type Clock } from './clock.ts';
import { throttleKey } from './rate-limit.ts';
import * as repo from './rate-limit.repo.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Rows past their use are deleted at most this often, as the auth throttle does. */
const PRUNE_EVERY = MINUTE;

/** `GET /api/public/receipt/:code`: the route a child store counts for. */
function routeName(options: unknown): string {
  const info = (options as { routeInfo?: { method?: unknown; url?: unknown } } | undefined)?.routeInfo;
  const method = Array.isArray(info?.method) ? info.method.join(',') : String(info?.method ?? '');
  return `${method} ${String(info?.url ?? '')}`.trim() || 'global';
}

/**
 * A store for @fastify/rate-limit that counts in the `auth_throttles` table (one atomic upsert per
 * request, lib/rate-limit.repo.ts) instead of the plugin's in-memory map: every app process on the
 * database shares each route's budget, so N processes behind a proxy do not grant N times the
 * limit, and a restart does not reset it. Each route counts on its own, as the plugin's own store
 * does; times come from the app's clock.
 */
export function databaseRateLimitStore(db: Db, clock: Clock, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  let lastPrune = 0;
  const prune = (nowMs: number) => {
    if (nowMs - lastPrune < PRUNE_EVERY) return;
    lastPrune = nowMs;
    repo.pruneThrottles(db, iso(new Date(nowMs))).catch((error: unknown) => {
      log.error({ err: error }, 'could not prune the rate-limit counters');
    });
  };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly #route: string;
    readonly #windowMs: number;

    /** The plugin constructs the root store with its global options; `child` passes a route's. */
    constructor(options?: unknown) {
      this.#route = routeName(options);
      const windowMs = (options as { timeWindow?: unknown } | undefined)?.timeWindow;
      this.#windowMs = typeof windowMs === 'number' ? windowMs : MINUTE;
    }

    incr(key: string, callback: Callback, timeWindow?: number): void {
      const windowMs = timeWindow ?? this.#windowMs;
      const nowMs = clock.now().getTime();
      prune(nowMs);
      repo
        .hitWindow(db, {
          key: throttleKey('route-limit', this.#route, key),
          action: 'route-limit',
          now: iso(new Date(nowMs)),
          windowFloor: iso(new Date(nowMs - windowMs)),
          expiresAt: iso(new Date(nowMs + windowMs)),
        })
        .then(
          ({ count, window_start }) =>
            callback(null, { current: count, ttl: Math.max(0, Date.parse(window_start) + windowMs - nowMs) }),
          (error: Error) => callback(error),
        );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions);
    }
  }
  return DatabaseRateLimitStore;
}
