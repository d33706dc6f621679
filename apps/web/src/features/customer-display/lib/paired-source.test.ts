import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DisplaySnapshot } from '@shopdesk/shared';
import { ApiRequestError } from '../../../lib/api-error.ts';
import type { DisplayAction } from './display-view.ts';
import { PairedSource, type PairedDeps } from './paired-source.ts';
import { saleState, testStore } from './display-test-states.test-support.ts';

/** A server's event stream the test writes to, chunk by chunk. */
class FakeStream implements AsyncIterable<string> {
  private chunks: string[] = [];
  private wake: (() => void) | null = null;
  private ended = false;
  constructor(signal: AbortSignal) {
    signal.addEventListener('abort', () => this.end());
  }
  write(chunk: string) {
    this.chunks.push(chunk);
    this.wake?.();
  }
  end() {
    this.ended = true;
    this.wake?.();
  }
  async *[Symbol.asyncIterator]() {
    for (;;) {
      while (this.chunks.length) yield this.chunks.shift()!;
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}

const HEARTBEAT = 15_000;
let snapshots: Array<DisplaySnapshot | Error>;
let streams: FakeStream[];
let actions: DisplayAction[];
let source: PairedSource;

const deps: PairedDeps = {
  snapshot: () => {
    const next = snapshots.shift() ?? { store: testStore, state: null };
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  },
  events: (_token, signal) => {
    const stream = new FakeStream(signal);
    streams.push(stream);
    return Promise.resolve(stream);
  },
  heartbeatMs: HEARTBEAT,
};

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
const types = () => actions.map((a) => a.type);
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  snapshots = [];
  streams = [];
  actions = [];
  source = new PairedSource('t'.repeat(43), (a) => actions.push(a), deps);
});
afterEach(() => {
  source.stop();
  vi.useRealTimers();
});

describe('a paired display source', () => {
  it('starts from the snapshot, then shows each valid state the stream pushes', async () => {
    snapshots.push({ store: testStore, state: saleState({ seq: 1 }) });
    source.start();
    await flush();
    expect(types()).toEqual(['snapshot', 'live']);
    streams[0]!.write(event('state', saleState({ seq: 2 })).slice(0, 20));
    await flush();
    expect(actions).toHaveLength(2); // half an event: nothing yet
    streams[0]!.write(event('state', saleState({ seq: 2 })).slice(20));
    streams[0]!.write(event('state', { ...saleState({ seq: 3 }), cost: 1 }));
    streams[0]!.write(event('state', null));
    await flush();
    expect(actions.slice(2)).toEqual([
      { type: 'state', state: saleState({ seq: 2 }) },
      { type: 'state', state: null },
    ]);
  });

  it('says it is waiting after twice the heartbeat of silence, heartbeats keep it live, and it catches up on reconnecting', async () => {
    source.start();
    await flush();
    await vi.advanceTimersByTimeAsync(HEARTBEAT);
    streams[0]!.write(': heartbeat\n\n');
    await vi.advanceTimersByTimeAsync(2 * HEARTBEAT - 1);
    expect(types()).not.toContain('waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(types()).toEqual(['snapshot', 'live', 'waiting']);
    snapshots.push({ store: testStore, state: saleState({ seq: 7, phase: 'paid' }) });
    await vi.advanceTimersByTimeAsync(1000); // the first retry's delay
    expect(actions.slice(3)).toEqual([
      { type: 'snapshot', store: testStore, state: saleState({ seq: 7, phase: 'paid' }) },
      { type: 'live' },
    ]);
    expect(streams).toHaveLength(2);
  });

  it('retries with a growing delay while the server cannot be reached', async () => {
    snapshots.push(new TypeError('offline'), new TypeError('offline'));
    source.start();
    await flush();
    expect(types()).toEqual(['waiting']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(types()).toEqual(['waiting', 'waiting']);
    await vi.advanceTimersByTimeAsync(1999);
    expect(streams).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(types()).toEqual(['waiting', 'waiting', 'snapshot', 'live']);
  });

  it('waits at once when the device goes offline, and reconnects at once when it is back', async () => {
    source.start();
    await flush();
    source.drop();
    await flush();
    expect(types()).toEqual(['snapshot', 'live', 'waiting']);
    source.reconnectNow();
    await flush();
    expect(types()).toEqual(['snapshot', 'live', 'waiting', 'snapshot', 'live']);
    expect(streams).toHaveLength(2);
  });

  it('treats a stream that ends as lost', async () => {
    source.start();
    await flush();
    streams[0]!.end();
    await flush();
    expect(types()).toEqual(['snapshot', 'live', 'waiting']);
  });

  it('stops for good on `revoked`, and on a 404', async () => {
    source.start();
    await flush();
    streams[0]!.write('event: revoked\ndata: {}\n\n');
    await flush();
    expect(types()).toEqual(['snapshot', 'live', 'unpaired']);
    await vi.advanceTimersByTimeAsync(10 * HEARTBEAT);
    expect(streams).toHaveLength(1);

    actions = [];
    snapshots.push(new ApiRequestError(404, 'Not Found', { message: 'Not found', code: 'NOT_FOUND' }));
    const other = new PairedSource('u'.repeat(43), (a) => actions.push(a), deps);
    other.start();
    await flush();
    expect(types()).toEqual(['unpaired']);
  });
});
