import { describe, expect, it } from 'vitest';
import type { DisplayChannelMessage, DisplayState, DisplayStore } from '@shopdesk/shared';
import { DisplayPublisher } from './display-publisher.ts';

const store: DisplayStore = {
  name: 'Corner shop',
  logoUrl: null,
  locale: 'en-US',
  mainCurrency: 'USD',
  secondCurrency: null,
};
const state = (seq: number): DisplayState => ({
  seq,
  phase: 'sale',
  currency: 'USD',
  taxMode: 'NONE',
  lines: [],
  itemCount: seq,
  cartDiscount: 0,
  pointsDiscount: 0,
  taxes: [],
  total: 0,
  second: null,
  payment: null,
  points: null,
  receipt: null,
  customerLocale: null,
});

/** A fake server: each PUT waits until the test answers it. */
function harness(ids: string[] = ['p1']) {
  const posted: DisplayChannelMessage[] = [];
  let hear: (data: unknown) => void = () => undefined;
  const calls: { id: string; seq: number; answer: (status?: number | Error) => void }[] = [];
  let online: () => void = () => undefined;
  let retry: (() => void) | null = null;
  const pairs = [...ids];
  const publisher = new DisplayPublisher(() => store, {
    channel: { post: (m) => posted.push(m), listen: (fn) => (hear = fn), close: () => undefined },
    put: (id, s) =>
      new Promise((resolve, reject) => {
        calls.push({
          id,
          seq: s.seq,
          answer: (status) =>
            status === undefined
              ? resolve(undefined)
              : reject(status instanceof Error ? status : Object.assign(new Error(), { status })),
        });
      }),
    pairs: () => pairs,
    drop: (id) => pairs.splice(pairs.indexOf(id), 1),
    onOnline: (fn) => {
      online = fn;
      return () => undefined;
    },
    later: (fn) => {
      retry = fn;
      return () => (retry = null);
    },
  });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return {
    publisher,
    posted,
    calls,
    pairs,
    hello: () => hear({ type: 'hello' }),
    online: () => online(),
    retry: () => retry?.(),
    settle,
  };
}

describe('the display publisher', () => {
  it('posts each state on the channel and answers a window that says hello', () => {
    const h = harness([]);
    h.publisher.publish(state(10));
    h.publisher.publish(state(11));
    expect(h.posted.map((m) => m.type === 'state' && m.state.seq)).toEqual([10, 11]);
    h.hello();
    expect(h.posted).toHaveLength(3);
    expect(h.posted[2]).toEqual({ type: 'state', store, state: state(11) });
  });

  it('keeps one request in flight per pairing and sends only the newest after it', async () => {
    const h = harness(['p1', 'p2']);
    for (let seq = 1; seq <= 30; seq += 1) h.publisher.publish(state(seq));
    expect(h.calls.map((c) => [c.id, c.seq])).toEqual([
      ['p1', 1],
      ['p2', 1],
    ]);
    h.calls[0]!.answer();
    h.calls[1]!.answer();
    await h.settle();
    expect(h.calls.slice(2).map((c) => [c.id, c.seq])).toEqual([
      ['p1', 30],
      ['p2', 30],
    ]);
    h.calls[2]!.answer();
    await h.settle();
    expect(h.calls).toHaveLength(4);
  });

  it('ignores a state older than the newest', () => {
    const h = harness([]);
    h.publisher.publish(state(5));
    h.publisher.publish(state(4));
    expect(h.posted).toHaveLength(1);
  });

  it('sends the newest state again when the network returns, or later', async () => {
    const h = harness();
    h.publisher.publish(state(1));
    h.calls[0]!.answer(new TypeError('Failed to fetch'));
    await h.settle();
    h.publisher.publish(state(2));
    expect(h.calls).toHaveLength(1);
    h.online();
    expect(h.calls.map((c) => c.seq)).toEqual([1, 2]);
    h.calls[1]!.answer(503);
    await h.settle();
    h.retry();
    expect(h.calls.map((c) => c.seq)).toEqual([1, 2, 2]);
  });

  it('forgets a pairing the server answers 404 for (revoked)', async () => {
    const h = harness(['p1', 'p2']);
    h.publisher.publish(state(1));
    h.calls[0]!.answer(404);
    h.calls[1]!.answer();
    await h.settle();
    expect(h.pairs).toEqual(['p2']);
    h.publisher.publish(state(2));
    expect(h.calls.slice(2).map((c) => c.id)).toEqual(['p2']);
  });
});
