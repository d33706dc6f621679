import type { DisplayChannelMessage, DisplayState, DisplayStore } from '@shopdesk/shared';

/** What a publisher needs of the browser and the API; tests give fakes. */
export interface PublisherDeps {
  /** A BroadcastChannel to the second window, or null where there is none. */
  channel: {
    post(message: DisplayChannelMessage): void;
    listen(onMessage: (data: unknown) => void): void;
    close(): void;
  } | null;
  /** `PUT /api/secure/display/pair/{id}/state`; rejects with an error carrying `status` when answered with one. */
  put(id: string, state: DisplayState): Promise<unknown>;
  /** The paired displays' ids, read at each send (the dialog pairs and revokes meanwhile). */
  pairs(): string[];
  /** Forgets a pairing the server no longer knows (revoked). */
  drop(id: string): void;
  /** Calls `listener` when the network comes back; returns the unsubscribe. */
  onOnline(listener: () => void): () => void;
  /** Retries a pairing that failed: later, by a timer. */
  later(retry: () => void): () => void;
}

interface Pairing {
  /** The seq of the state in flight, or null. */
  sending: number | null;
  /** The seq the display last accepted. */
  sent: number;
  /** The last send failed on the network or a 5xx: sent again when the network returns. */
  waiting: boolean;
}

const statusOf = (error: unknown): number | null => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : null;
};

/**
 * Sends the counter's newest DisplayState to its customer displays: on the BroadcastChannel to a
 * second window (answering its `hello`), and to each paired display through the server with one
 * request in flight per pairing. States that come while one is in flight are not queued: when it
 * ends only the newest goes, so a fast scanner sends a few requests, not dozens.
 */
export class DisplayPublisher {
  private newest: DisplayState | null = null;
  private readonly pairings = new Map<string, Pairing>();
  private readonly stops: (() => void)[] = [];
  private retry: (() => void) | null = null;

  constructor(
    private readonly store: () => DisplayStore,
    private readonly deps: PublisherDeps,
  ) {
    if (deps.channel) {
      deps.channel.listen((data) => {
        if ((data as { type?: unknown } | null)?.type === 'hello') this.post();
      });
    }
    this.stops.push(deps.onOnline(() => this.flush(true)));
  }

  publish(state: DisplayState): void {
    if (this.newest && state.seq <= this.newest.seq) return;
    this.newest = state;
    this.post();
    this.flush(false);
  }

  /** Sends the newest state again to every display (a display was just paired). */
  resend(): void {
    this.post();
    for (const p of this.pairings.values()) p.sent = 0;
    this.flush(true);
  }

  close(): void {
    this.stops.forEach((stop) => stop());
    this.retry?.();
    if (this.deps.channel) this.deps.channel.close();
  }

  private post(): void {
    if (!this.newest || !this.deps.channel) return;
    this.deps.channel.post({ type: 'state', store: this.store(), state: this.newest });
  }

  private flush(retrying: boolean): void {
    const ids = this.deps.pairs();
    for (const id of this.pairings.keys()) if (!ids.includes(id)) this.pairings.delete(id);
    for (const id of ids) {
      let pairing = this.pairings.get(id);
      if (!pairing) this.pairings.set(id, (pairing = { sending: null, sent: 0, waiting: false }));
      if (pairing.waiting && !retrying) continue;
      this.send(id, pairing);
    }
  }

  private send(id: string, pairing: Pairing): void {
    const state = this.newest;
    if (!state || pairing.sending !== null || pairing.sent >= state.seq) return;
    pairing.sending = state.seq;
    pairing.waiting = false;
    this.deps.put(id, state).then(
      () => {
        pairing.sending = null;
        pairing.sent = state.seq;
        this.send(id, pairing);
      },
      (error: unknown) => {
        pairing.sending = null;
        const status = statusOf(error);
        if (status === 404) {
          this.pairings.delete(id);
          this.deps.drop(id);
        } else if (status === null || status >= 500 || status === 429) {
          // Offline, or the server is busy: the newest state goes when the network returns or later.
          pairing.waiting = true;
          this.retry ??= this.deps.later(() => {
            this.retry = null;
            this.flush(true);
          });
        } else {
          // Refused (a state the server does not take): not sent again until a newer one.
          pairing.sent = state.seq;
        }
      },
    );
  }
}
