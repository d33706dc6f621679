import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../core/errors.ts';
import { createWorkGate } from './work-gate.ts';

const limits = { perKey: 1, total: 2, queue: 2, maxWaitMs: 10_000 };
const message = 'Busy, try again.';

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('createWorkGate', () => {
  afterEach(() => vi.useRealTimers());

  it('runs up to the caps at once and queues the rest in order', async () => {
    const gate = createWorkGate(limits, message);
    const a = await gate.enter('alice');
    const b = await gate.enter('bob');
    const order: string[] = [];
    const carol = gate.enter('carol').then((release) => (order.push('carol'), release));
    const alice = gate.enter('alice').then((release) => (order.push('alice'), release));
    await Promise.resolve();
    expect(order).toEqual([]);
    a();
    // alice's slot is free: the first waiter that may run now is carol (total was the cap).
    (await carol)();
    b();
    (await alice)();
    expect(order).toEqual(['carol', 'alice']);
  });

  it("does not let one key's waiter block another key that may run", async () => {
    const gate = createWorkGate({ ...limits, total: 3 }, message);
    const a = await gate.enter('alice');
    const aliceAgain = gate.enter('alice');
    // bob may run: alice's waiter waits for alice's own slot, not for bob.
    const b = await gate.enter('bob');
    b();
    a();
    (await aliceAgain)();
  });

  it('answers 429 with Retry-After when the queue is full or the key already waits its share', async () => {
    vi.useFakeTimers();
    const gate = createWorkGate(limits, message);
    await gate.enter('alice');
    await gate.enter('bob');
    const aliceWaits = refusal(gate.enter('alice'));
    const second = await refusal(gate.enter('alice'));
    expect(second).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', message });
    expect(Number(second.headers?.['retry-after'])).toBeGreaterThan(0);
    const carolWaits = refusal(gate.enter('carol'));
    expect((await refusal(gate.enter('dave'))).statusCode).toBe(429);
    // The two in the queue give up in the end (nobody released a slot), refused too.
    vi.advanceTimersByTime(limits.maxWaitMs);
    expect((await aliceWaits).statusCode).toBe(429);
    expect((await carolWaits).statusCode).toBe(429);
  });

  it('gives up waiting after maxWaitMs with 429, and a released slot is not released twice', async () => {
    vi.useFakeTimers();
    const gate = createWorkGate({ ...limits, total: 1 }, message);
    const a = await gate.enter('alice');
    const waiting = refusal(gate.enter('bob'));
    vi.advanceTimersByTime(limits.maxWaitMs);
    expect((await waiting).statusCode).toBe(429);
    a();
    a();
    const b = await gate.enter('bob');
    // The double release above did not open a second slot.
    const c = refusal(gate.enter('carol').then(() => expect.fail('carol ran beside bob')));
    vi.advanceTimersByTime(limits.maxWaitMs);
    expect((await c).statusCode).toBe(429);
    b();
  });

  it('run releases its slot when the work fails', async () => {
    const gate = createWorkGate({ ...limits, total: 1, queue: 0 }, message);
    await expect(gate.run('alice', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run('alice', () => Promise.resolve(7))).resolves.toBe(7);
  });
});
