import type { FastifyBaseLogger } from 'fastify';
import { rateLimited } from '../core/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's outbox, so tests and shutdown can wait for deferred work. */
    outbox: Outbox;
  }
}

/**
 * Work a request starts but does not wait for: mail, and whatever a call must not be seen doing
 * (looking an email up before mailing it). The answer then takes the same time whether or not the
 * address has an account, and a slow mail server never slows a request. In this process's memory:
 * a crash loses queued jobs, which the user sees as a mail that never came and asks again.
 */
export interface Outbox {
  /** Throws 429 when the queue is full, before the caller does anything it would have to undo. */
  ensureRoom(): void;
  /** Queues `job` to run after the current request; failures are logged under `label`. */
  defer(label: string, job: () => Promise<void>): void;
  /** Resolves once every queued job has finished (shutdown, tests). */
  idle(): Promise<void>;
}

export interface OutboxLimits {
  /** Jobs running at once (mail servers answer slowly; a few in parallel keep up). */
  concurrency: number;
  /** Jobs allowed to wait; past it new work is refused with 429. */
  queue: number;
}

export function createOutbox(limits: OutboxLimits, log: FastifyBaseLogger): Outbox {
  const waiting: Array<{ label: string; job: () => Promise<void> }> = [];
  let running = 0;
  let idleWaiters: Array<() => void> = [];

  const settle = () => {
    if (running > 0 || waiting.length > 0) return;
    const resolve = idleWaiters;
    idleWaiters = [];
    for (const r of resolve) r();
  };

  const pump = () => {
    while (running < limits.concurrency && waiting.length > 0) {
      const { label, job } = waiting.shift()!;
      running++;
      // setImmediate: the job starts after the current request has written its answer.
      setImmediate(() => {
        Promise.resolve()
          .then(job)
          .catch((error: unknown) => log.error({ err: error }, `deferred work failed: ${label}`))
          .finally(() => {
            running--;
            pump();
            settle();
          });
      });
    }
  };

  return {
    ensureRoom() {
      if (waiting.length >= limits.queue) throw rateLimited(1000);
    },
    defer(label, job) {
      if (waiting.length >= limits.queue) {
        log.error({ label }, 'deferred work dropped: the outbox is full');
        return;
      }
      waiting.push({ label, job });
      pump();
    },
    idle() {
      if (running === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
