import { hash, verify } from '@node-rs/argon2';
import { AppError, rateLimited } from '../core/errors.ts';

// Algorithm.Argon2id; the package's const enum cannot be imported under verbatimModuleSyntax.
const ARGON2ID = 2;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the time of a real verify, so an unknown email answers as slowly as a wrong password. */
  verifyDummy(password: string): Promise<void>;
}

/** The two argon2 operations, injectable so tests can count what really runs. */
export interface Argon2 {
  hash(password: string, options: Parameters<typeof hash>[1]): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
}

export const nodeArgon2: Argon2 = { hash: (p, o) => hash(p, o), verify: (h, p) => verify(h, p) };

export interface HashLimits {
  /** Hashes and verifies running at once, the rest wait. */
  concurrency: number;
  /** Calls allowed to wait; one more is refused with 429 rather than queued. */
  queue: number;
}

/**
 * A semaphore with a bounded wait line. argon2 runs on libuv's small thread pool (also used for
 * files and DNS) and takes ~20 MB per call: unbounded, a flood of password calls starves every
 * other request; bounded, the excess fails fast with a 429 the client can retry.
 */
function createGate(limits: HashLimits) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running < limits.concurrency) running++;
    else if (waiting.length < limits.queue) await new Promise<void>((resolve) => waiting.push(resolve));
    else throw rateLimited(1000);
    try {
      return await work();
    } finally {
      release();
    }
  };
}

/**
 * argon2id with the configured cost; the hash string carries its parameters for later verifies.
 * Every call, hash or verify, from login, sign-up, reset or password change goes through one gate.
 */
export function createPasswordHasher(
  cost: { memoryCost: number; timeCost: number },
  limits: HashLimits = { concurrency: 2, queue: 32 },
  argon2: Argon2 = nodeArgon2,
): PasswordHasher {
  const options = { algorithm: ARGON2ID, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 };
  const gated = createGate(limits);
  const check = (stored: string, password: string) =>
    gated(() => argon2.verify(stored, password)).catch((error: unknown) => {
      // A malformed stored hash is a wrong password; a full queue is the caller's 429.
      if (error instanceof AppError) throw error;
      return false;
    });
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => gated(() => argon2.hash(password, options)),
    verify: check,
    verifyDummy: async (password) => {
      // Made once per process outside the gate: it is not a caller's work.
      dummy ??= argon2.hash('not-a-real-password-but-the-same-cost', options);
      await check(await dummy, password);
    },
  };
}
