import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushBeforeUpdate, holdUpdates, onHoldsChange, registerUpdateFlush, updateHolds } from './update-guard.ts';

describe('update guard', () => {
  const cleanups: Array<() => void> = [];
  afterEach(() => cleanups.splice(0).forEach((c) => c()));

  it('holds while any holder holds, each release ending only its own hold', () => {
    const changes = vi.fn();
    cleanups.push(onHoldsChange(changes));
    const cart = holdUpdates('counter-cart');
    const payment = holdUpdates('payment');
    expect(updateHolds().sort()).toEqual(['counter-cart', 'payment']);
    cart();
    cart(); // a second release of the same hold changes nothing
    expect(updateHolds()).toEqual(['payment']);
    payment();
    expect(updateHolds()).toEqual([]);
    expect(changes).toHaveBeenCalledTimes(4);
  });

  it('two holds of one reason (StrictMode runs effects twice) release separately', () => {
    const a = holdUpdates('payment');
    const b = holdUpdates('payment');
    a();
    expect(updateHolds()).toEqual(['payment']);
    b();
    expect(updateHolds()).toEqual([]);
  });

  it('waits for every registered flush, a failing one included, before the update goes on', async () => {
    let written = false;
    cleanups.push(registerUpdateFlush(() => Promise.reject(new Error('quota'))));
    cleanups.push(
      registerUpdateFlush(async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        written = true;
      }),
    );
    await flushBeforeUpdate();
    expect(written).toBe(true);
  });

  it('forgets a flush once unregistered', async () => {
    const flush = vi.fn(() => Promise.resolve());
    registerUpdateFlush(flush)();
    await flushBeforeUpdate();
    expect(flush).not.toHaveBeenCalled();
  });
});
