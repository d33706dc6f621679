import { ErrorCode } from '@shopdesk/shared';
import { AppError } from '../core/errors.ts';

export interface WorkGateLimits {
  /** Jobs of one key (a user) running at once. */
  perKey: number;
  /** Jobs running at once in this process. */
  total: number;
  /** Jobs allowed to wait for a slot; one more is answered 429 (each key may fill at most `perKey` of them). */
  queue: number;
  /** How long a job waits for a slot before it is answered 429. */
  maxWaitMs: number;
}

/** Ends a job; calling it again does nothing. */
export type Release = () => void;

export interface WorkGate {
  /** Waits for a slot of `key` (FIFO) and returns its release; throws 429 RATE_LIMITED with Retry-After when busy. */
  enter(key: string): Promise<Release>;
  /** Runs `work` in a slot of `key`. */
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
}

interface Waiter {
  key: string;
  admit: (release: Release) => void;
  timer: NodeJS.Timeout;
}

/** Seconds a refused client is told to wait: about one job's length, not a precise promise. */
const RETRY_AFTER_MS = 5000;

function busy(message: string): AppError {
  return new AppError(429, ErrorCode.RATE_LIMITED, message, undefined, {
    'retry-after': String(RETRY_AFTER_MS / 1000),
  });
}

/**
 * A semaphore for heavy work (CSV imports and exports) with a cap per key and in total and a
 * bounded FIFO wait line, so one user's parallel jobs cannot take every slot and a crowd of jobs
 * queues briefly or is refused fast rather than slowing every other request of the process. The
 * counts live in this process: they protect this process's event loop and database connection.
 */
export function createWorkGate(limits: WorkGateLimits, busyMessage: string): WorkGate {
  const running = new Map<string, number>();
  let total = 0;
  const waiting: Waiter[] = [];

  const canRun = (key: string) => total < limits.total && (running.get(key) ?? 0) < limits.perKey;

  function take(key: string): Release {
    total++;
    running.set(key, (running.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      total--;
      const left = running.get(key)! - 1;
      if (left === 0) running.delete(key);
      else running.set(key, left);
      admitWaiting();
    };
  }

  function admitWaiting(): void {
    for (let i = 0; i < waiting.length && total < limits.total;) {
      const waiter = waiting[i]!;
      if (!canRun(waiter.key)) {
        i++;
        continue;
      }
      waiting.splice(i, 1);
      clearTimeout(waiter.timer);
      waiter.admit(take(waiter.key));
    }
  }

  async function enter(key: string): Promise<Release> {
    if (canRun(key)) return take(key);
    const waitingOfKey = waiting.filter((w) => w.key === key).length;
    if (waiting.length >= limits.queue || waitingOfKey >= limits.perKey) throw busy(busyMessage);
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = {
        key,
        admit: resolve,
        timer: setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(busy(busyMessage));
        }, limits.maxWaitMs),
      };
      waiting.push(waiter);
    });
  }

  return {
    enter,
    async run(key, work) {
      const release = await enter(key);
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}
