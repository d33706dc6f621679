import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  OFFLINE_LOCK_AFTER,
  offlineCleared,
  offlineGate,
  offlineWaitAfter,
  offlineWrong,
  onlineAgain,
} from './offline-tries.ts';

afterEach(() => localStorage.clear());

const T0 = Date.UTC(2026, 11, 5, 9);

describe("the till's offline PIN throttle", () => {
  it('lets 3 wrong tries through, then waits 30 s doubling with each wrong try', () => {
    let now = T0;
    const waits: number[] = [];
    for (let i = 1; i < OFFLINE_LOCK_AFTER; i++) {
      const gate = offlineWrong('corner', 'ben', now);
      waits.push(gate.kind === 'wait' ? gate.ms : 0);
      if (gate.kind === 'wait') {
        // Nothing is checked before the wait is over, and the pad can say how long is left.
        expect(offlineGate('corner', 'ben', now + gate.ms - 1000)).toEqual({ kind: 'wait', ms: 1000 });
        now += gate.ms;
      }
      expect(offlineGate('corner', 'ben', now)).toEqual({ kind: 'open' });
    }
    expect(waits).toEqual([0, 0, 30, 60, 120, 240, 480, 960, 1920].map((s) => s * 1000));
    expect(offlineWaitAfter(3)).toBe(30_000);
    // Per member: another member on the same till is not held back.
    expect(offlineGate('corner', 'mia', now)).toEqual({ kind: 'open' });
  });

  it('locks a member after 10 wrong tries, however long the till waits', () => {
    for (let i = 0; i < OFFLINE_LOCK_AFTER - 1; i++) offlineWrong('corner', 'ben', T0);
    expect(offlineWrong('corner', 'ben', T0)).toEqual({ kind: 'locked' });
    expect(offlineGate('corner', 'ben', T0 + 365 * 24 * 3600_000)).toEqual({ kind: 'locked' });
    expect(offlineGate('corner', 'mia', T0)).toEqual({ kind: 'open' });
  });

  it('keeps the count across a reload of the page', async () => {
    for (let i = 0; i < OFFLINE_LOCK_AFTER; i++) offlineWrong('corner', 'ben', T0);
    for (let i = 0; i < 4; i++) offlineWrong('corner', 'mia', T0);
    vi.resetModules();
    const reloaded = await import('./offline-tries.ts');
    expect(reloaded.offlineGate('corner', 'ben', T0 + 3600_000)).toEqual({ kind: 'locked' });
    expect(reloaded.offlineGate('corner', 'mia', T0 + 1000)).toEqual({ kind: 'wait', ms: 59_000 });
    // The next wrong try after the reload goes on from 4, not from 0.
    expect(reloaded.offlineWrong('corner', 'mia', T0 + 60_000)).toEqual({ kind: 'wait', ms: 120_000 });
  });

  it('lifts a member when their PIN or a SETTINGS PIN is right, and everyone once the till is online', () => {
    for (let i = 0; i < OFFLINE_LOCK_AFTER; i++) offlineWrong('corner', 'ben', T0);
    for (let i = 0; i < OFFLINE_LOCK_AFTER; i++) offlineWrong('corner', 'mia', T0);
    offlineCleared('corner', 'ben');
    expect(offlineGate('corner', 'ben', T0)).toEqual({ kind: 'open' });
    expect(offlineGate('corner', 'mia', T0)).toEqual({ kind: 'locked' });
    // Cleared, the count starts over: three free tries again.
    expect(offlineWrong('corner', 'ben', T0)).toEqual({ kind: 'open' });
    onlineAgain();
    expect(offlineGate('corner', 'mia', T0)).toEqual({ kind: 'open' });
    expect(localStorage.getItem('shopdesk-till-tries')).toBeNull();
  });

  it('reads a damaged store as no tries rather than failing the pad', () => {
    localStorage.setItem('shopdesk-till-tries', '{not json');
    expect(offlineGate('corner', 'ben', T0)).toEqual({ kind: 'open' });
    expect(offlineWrong('corner', 'ben', T0)).toEqual({ kind: 'open' });
  });
});
