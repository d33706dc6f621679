import { DISPLAY_EVENTS, DISPLAY_HEARTBEAT_MS, type DisplaySnapshot } from '@shopdesk/shared';
import { publicApi } from '../../../lib/api-client.ts';
import { apiUrl } from '../../../lib/api-base.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { backoffMs, readState, type DisplayAction } from './display-view.ts';
import { SseParser } from './sse.ts';

export interface PairedDeps {
  snapshot(token: string, signal: AbortSignal): Promise<DisplaySnapshot>;
  /** The event stream's text, chunk by chunk; throws ApiRequestError on an error status. */
  events(token: string, signal: AbortSignal): Promise<AsyncIterable<string>>;
  heartbeatMs: number;
}

const path = (token: string) => `/api/public/display/${encodeURIComponent(token)}`;

async function* decode(body: ReadableStream<Uint8Array>): AsyncIterable<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield decoder.decode(value, { stream: true });
    }
  } finally {
    reader.releaseLock();
  }
}

export const browserDeps: PairedDeps = {
  snapshot: (token, signal) => publicApi.request<DisplaySnapshot>(path(token), { signal }),
  events: async (token, signal) => {
    const res = await fetch(apiUrl(`${path(token)}/events`), {
      headers: { Accept: 'text/event-stream' },
      cache: 'no-store',
      credentials: 'omit',
      signal,
    });
    if (!res.ok || !res.body) throw new ApiRequestError(res.status, res.statusText, null);
    return decode(res.body);
  },
  heartbeatMs: DISPLAY_HEARTBEAT_MS,
};

const gone = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

/**
 * A paired display's source: the snapshot, then the server's event stream. When the stream fails,
 * ends, or says nothing for twice the heartbeat, the display shows it is waiting and reconnects
 * with a growing delay, reading the snapshot again first so it catches up on what it missed.
 * `revoked` (or a 404) ends it for good.
 */
export class PairedSource {
  private attempt = 0;
  private abort: AbortController | null = null;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private watchdog: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly token: string,
    private readonly dispatch: (action: DisplayAction) => void,
    private readonly deps: PairedDeps = browserDeps,
  ) {}

  start(): void {
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    clearTimeout(this.watchdog);
    this.abort?.abort();
  }

  /** The device says it went offline: the stream is lost now, not two heartbeats later. */
  drop(): void {
    if (this.abort && !this.stopped) this.lost(this.abort);
  }

  /** Back online: no need to wait out the delay. */
  reconnectNow(): void {
    if (this.stopped || this.retry === undefined) return;
    clearTimeout(this.retry);
    this.retry = undefined;
    void this.connect();
  }

  private async connect(): Promise<void> {
    this.retry = undefined;
    const abort = new AbortController();
    this.abort = abort;
    try {
      const snapshot = await this.deps.snapshot(this.token, abort.signal);
      if (abort.signal.aborted) return;
      this.dispatch({ type: 'snapshot', store: snapshot.store, state: snapshot.state });
      const chunks = await this.deps.events(this.token, abort.signal);
      this.heard(abort);
      this.dispatch({ type: 'live' });
      this.attempt = 0;
      const parser = new SseParser();
      for await (const chunk of chunks) {
        if (abort.signal.aborted) return;
        this.heard(abort);
        for (const event of parser.push(chunk)) {
          if (event.event === DISPLAY_EVENTS.revoked) return this.unpaired();
          if (event.event !== DISPLAY_EVENTS.state) continue;
          const state = readState(event.data);
          if (state !== undefined) this.dispatch({ type: 'state', state });
        }
      }
      if (!abort.signal.aborted) this.lost(abort);
    } catch (error) {
      if (gone(error)) return this.unpaired();
      this.lost(abort); // ignored when this attempt was already given up (watchdog, stop)
    }
  }

  /** Something arrived: the stream is alive for another two heartbeats. */
  private heard(abort: AbortController): void {
    clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => this.lost(abort), 2 * this.deps.heartbeatMs);
  }

  private lost(abort: AbortController): void {
    if (this.stopped || this.abort !== abort || this.retry !== undefined) return;
    clearTimeout(this.watchdog);
    abort.abort();
    this.dispatch({ type: 'waiting' });
    this.retry = setTimeout(() => void this.connect(), backoffMs(this.attempt++));
  }

  private unpaired(): void {
    this.stop();
    this.dispatch({ type: 'unpaired' });
  }
}
