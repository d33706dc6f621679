import { describe, expect, it } from 'vitest';
import { AppError } from '../core/errors.ts';
import { createPasswordHasher, type Argon2 } from './passwords.ts';

/** An argon2 whose calls finish only when the test says so, counting how many run at once. */
function heldArgon2() {
  const held: Array<() => void> = [];
  const state = { running: 0, peak: 0 };
  const run = <T>(value: T) =>
    new Promise<T>((resolve) => {
      state.peak = Math.max(state.peak, ++state.running);
      held.push(() => {
        state.running--;
        resolve(value);
      });
    });
  const argon2: Argon2 = { hash: (password) => run(`hash:${password}`), verify: (hashed) => run(hashed.length > 0) };
  return { argon2, state, releaseOne: () => held.shift()?.() };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('password hasher gate', () => {
  it('runs at most `concurrency` calls at once, queues up to `queue`, refuses the next with 429', async () => {
    const { argon2, state, releaseOne } = heldArgon2();
    const hasher = createPasswordHasher({ memoryCost: 8, timeCost: 1 }, { concurrency: 2, queue: 2 }, argon2);
    const accepted = [hasher.hash('a'), hasher.verify('h', 'b'), hasher.hash('c'), hasher.verify('h', 'd')];
    const refused = hasher.hash('e').catch((error: unknown) => error);
    await flush();
    expect(state.running).toBe(2);
    const error = await refused;
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', headers: { 'retry-after': '1' } });

    for (let i = 0; i < 4; i++) {
      releaseOne();
      await flush();
    }
    expect(await Promise.all(accepted)).toEqual(['hash:a', true, 'hash:c', true]);
    expect(state.peak).toBe(2);
    // The line is free again.
    const later = hasher.hash('f');
    await flush();
    releaseOne();
    expect(await later).toBe('hash:f');
  });
});
