import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TapBatcher } from './tap-batcher.ts';

let flushed: Array<[string, number]>;

function batcher(opts: { auto?: boolean } = {}) {
  flushed = [];
  return new TapBatcher<string>({
    onFlush: (key, difference) => flushed.push([key, difference]),
    quietMs: 600,
    maxWaitMs: 2_500,
    ...opts,
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('TapBatcher', () => {
  it('sends rapid taps on one line as one difference once they stop', () => {
    const b = batcher();
    for (let i = 0; i < 7; i++) {
      b.add('c1', 1);
      vi.advanceTimersByTime(100);
    }
    expect(flushed).toEqual([]);
    expect(b.pendingOf('c1')).toBe(7);
    vi.advanceTimersByTime(600);
    expect(flushed).toEqual([['c1', 7]]);
    expect(b.pendingOf('c1')).toBe(0);
    expect(b.hasPending).toBe(false);
  });

  it('keeps each line apart and sums minus taps and typed changes', () => {
    const b = batcher();
    b.add('c1', 1);
    b.add('c2', -1);
    b.add('c1', 1);
    b.add('c2', 10);
    vi.advanceTimersByTime(600);
    expect(flushed.sort()).toEqual([
      ['c1', 2],
      ['c2', 9],
    ]);
  });

  it('sends nothing when the taps cancel out', () => {
    const b = batcher();
    b.add('c1', 1);
    b.add('c1', -1);
    vi.advanceTimersByTime(5_000);
    expect(flushed).toEqual([]);
  });

  it('still saves during a long run of taps, at most every maxWait', () => {
    const b = batcher();
    for (let i = 0; i < 60; i++) {
      b.add('c1', 1);
      vi.advanceTimersByTime(100); // never quiet for 600 ms
    }
    vi.advanceTimersByTime(600);
    const total = flushed.reduce((n, [, d]) => n + d, 0);
    expect(total).toBe(60);
    // 6 s of tapping, a send at the latest every 2.5 s: three sends, not sixty.
    expect(flushed.length).toBe(3);
  });

  it('with auto off waits for flushAll (the Save button)', () => {
    const b = batcher({ auto: false });
    b.add('c1', 3);
    b.add('c2', 1);
    vi.advanceTimersByTime(60_000);
    expect(flushed).toEqual([]);
    expect(b.hasPending).toBe(true);
    b.flushAll();
    expect(flushed.sort()).toEqual([
      ['c1', 3],
      ['c2', 1],
    ]);
    expect(b.hasPending).toBe(false);
  });

  it('turning auto on sends what was waiting after the quiet time', () => {
    const b = batcher({ auto: false });
    b.add('c1', 2);
    b.setAuto(true);
    vi.advanceTimersByTime(600);
    expect(flushed).toEqual([['c1', 2]]);
  });

  it('discard drops a line without sending, dispose stops every timer', () => {
    const b = batcher();
    b.add('c1', 4);
    b.discard('c1');
    b.add('c2', 1);
    b.dispose();
    vi.advanceTimersByTime(5_000);
    expect(flushed).toEqual([]);
  });

  it('ignores zero and fractional taps', () => {
    const b = batcher();
    b.add('c1', 0);
    b.add('c1', 0.5);
    expect(b.hasPending).toBe(false);
  });
});
