import { DISPLAY_HEARTBEAT_MS } from '@shopdesk/shared';
import { channelName, listen, notify, type Listener } from '../../db/pg-listen.ts';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { rateLimited } from '../../core/errors.ts';
import * as repo from './display.repo.ts';

/** Streams one pairing may have open in this process: a display and a spare, not a crowd. */
export const MAX_STREAMS_PER_PAIRING = 3;
/** Streams one store may have open in this process: its displays must not crowd out other stores'. */
export const MAX_STREAMS_PER_STORE = 60;
/** Streams this process holds at once (each is a socket and a little memory). */
export const MAX_STREAMS_TOTAL = 5_000;
/** How often an open stream marks its pairing as seen: throttled, not per event. */
export const SEEN_REFRESH_MS = 20_000;

/** What the hub needs of one open stream (display-stream.ts writes the SSE). */
export interface DisplaySink {
  readonly storeId: string;
  readonly pairingId: string;
  /** The seq of the last state sent on this stream (-1: none yet). */
  lastSeq: number;
  state(json: string, seq: number): void;
  heartbeat(): void;
  /** Sends `revoked` and ends the stream. */
  revoked(): void;
  /** Ends the stream without a word (the app is stopping: the display reconnects elsewhere). */
  end(): void;
}

const keyOf = (storeId: string, id: string) => `${storeId}\u0000${id}`;

interface Note {
  /** s: a new state; r: revoked. */
  t: 's' | 'r';
  s: string;
  p: string;
  q?: number;
}

/**
 * The open display streams of this app process, and how a new state or a revocation reaches them
 * from any process: on PostgreSQL a NOTIFY carrying only the pairing's key and seq, heard by every
 * process's LISTEN connection, each reading the state from the table once and pushing it to its own
 * streams; on SQLite (one process) directly.
 */
export class DisplayHub {
  private readonly streams = new Map<string, Set<DisplaySink>>();
  private readonly perStore = new Map<string, number>();
  private total = 0;
  private readonly reading = new Map<string, boolean>();
  private readonly timers: NodeJS.Timeout[] = [];
  private listener: Listener | undefined;
  private readonly channel: string;

  constructor(
    private readonly ctx: AppContext,
    seenRefreshMs = SEEN_REFRESH_MS,
  ) {
    const db = ctx.config.database;
    this.channel = channelName('shopdesk_display', db.kind === 'postgres' ? db.schema : undefined);
    if (db.kind === 'postgres') {
      this.listener = listen(
        db.url,
        this.channel,
        ctx.log,
        (payload) => this.heard(payload),
        () => this.rereadAll(),
      );
    }
    const beat = setInterval(() => this.each((s) => s.heartbeat()), DISPLAY_HEARTBEAT_MS);
    const seen = setInterval(() => void this.refreshSeen(), seenRefreshMs);
    beat.unref();
    seen.unref();
    this.timers.push(beat, seen);
  }

  /** Settles once this process hears other processes' notifications. */
  ready(): Promise<void> {
    return this.listener?.ready ?? Promise.resolve();
  }

  /** Adds a stream, within the caps (429 past them), and marks its pairing seen. */
  async add(sink: DisplaySink): Promise<void> {
    const key = keyOf(sink.storeId, sink.pairingId);
    const set = this.streams.get(key) ?? new Set();
    const inStore = this.perStore.get(sink.storeId) ?? 0;
    if (set.size >= MAX_STREAMS_PER_PAIRING) {
      throw rateLimited(5_000, 'This display is already open on too many screens. Close one and try again.');
    }
    if (inStore >= MAX_STREAMS_PER_STORE || this.total >= MAX_STREAMS_TOTAL) {
      throw rateLimited(30_000, 'Too many customer displays are open right now. Please try again shortly.');
    }
    set.add(sink);
    this.streams.set(key, set);
    this.perStore.set(sink.storeId, inStore + 1);
    this.total++;
    try {
      const key = { storeId: sink.storeId, id: sink.pairingId };
      await repo.touchSeen(this.ctx.db, [key], iso(this.ctx.clock.now()), true);
    } catch (error) {
      this.remove(sink);
      throw error;
    }
  }

  /** Removes a closed stream; the pairing's last one here marks it disconnected. */
  remove(sink: DisplaySink): void {
    const key = keyOf(sink.storeId, sink.pairingId);
    const set = this.streams.get(key);
    if (!set?.delete(sink)) return;
    this.total--;
    const inStore = (this.perStore.get(sink.storeId) ?? 1) - 1;
    if (inStore > 0) this.perStore.set(sink.storeId, inStore);
    else this.perStore.delete(sink.storeId);
    if (set.size > 0) return;
    this.streams.delete(key);
    repo
      .markDisconnected(this.ctx.db, sink.storeId, sink.pairingId, iso(this.ctx.clock.now()))
      .catch((error: unknown) => this.ctx.log.warn({ err: error }, 'display: marking a pairing disconnected failed'));
  }

  /** A state stored by this process: to its own streams at once, and to the other processes. */
  async published(storeId: string, id: string, json: string, seq: number): Promise<void> {
    this.deliver(storeId, id, json, seq);
    if (this.listener) await notify(this.ctx.db, this.channel, JSON.stringify({ t: 's', s: storeId, p: id, q: seq }));
  }

  /** A pairing revoked by this process: its streams everywhere get `revoked` and end. */
  async revoked(storeId: string, id: string): Promise<void> {
    this.endRevoked(storeId, id);
    if (this.listener) await notify(this.ctx.db, this.channel, JSON.stringify({ t: 'r', s: storeId, p: id }));
  }

  /** Ends every stream (the app is stopping) and stops listening. */
  async close(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.each((s) => s.end());
    await this.listener?.close();
  }

  private deliver(storeId: string, id: string, json: string, seq: number): void {
    for (const sink of this.streams.get(keyOf(storeId, id)) ?? []) {
      if (seq > sink.lastSeq) sink.state(json, seq);
    }
  }

  private endRevoked(storeId: string, id: string): void {
    for (const sink of [...(this.streams.get(keyOf(storeId, id)) ?? [])]) sink.revoked();
  }

  private each(fn: (sink: DisplaySink) => void): void {
    for (const set of [...this.streams.values()]) for (const sink of [...set]) fn(sink);
  }

  private heard(payload: string): void {
    let note: Note;
    try {
      note = JSON.parse(payload) as Note;
    } catch {
      return;
    }
    const set = this.streams.get(keyOf(note.s, note.p));
    if (!set || set.size === 0) return;
    if (note.t === 'r') return this.endRevoked(note.s, note.p);
    // Already sent here (this process stored it, or a later one came first): no read.
    if ([...set].every((sink) => sink.lastSeq >= (note.q ?? 0))) return;
    void this.reread(note.s, note.p);
  }

  /** Reads a pairing's newest state once and pushes it; reads that pile up while one runs fold into one more. */
  private async reread(storeId: string, id: string): Promise<void> {
    const key = keyOf(storeId, id);
    if (this.reading.has(key)) {
      this.reading.set(key, true);
      return;
    }
    this.reading.set(key, false);
    try {
      do {
        this.reading.set(key, false);
        const row = await repo.findLive(this.ctx.db, storeId, id);
        if (!row) this.endRevoked(storeId, id);
        else if (row.state_json !== null) this.deliver(storeId, id, row.state_json, Number(row.state_seq));
      } while (this.reading.get(key));
    } catch (error) {
      this.ctx.log.warn({ err: error }, 'display: reading a pairing state failed');
    } finally {
      this.reading.delete(key);
    }
  }

  /** After the LISTEN connection came back: what was missed meanwhile. */
  private rereadAll(): void {
    for (const set of this.streams.values()) {
      const sink = set.values().next().value;
      if (sink) void this.reread(sink.storeId, sink.pairingId);
    }
  }

  private async refreshSeen(): Promise<void> {
    const keys = [...this.streams.values()].flatMap((set) => {
      const sink = set.values().next().value;
      return sink ? [{ storeId: sink.storeId, id: sink.pairingId }] : [];
    });
    if (keys.length === 0) return;
    try {
      const gone = await repo.touchSeen(this.ctx.db, keys, iso(this.ctx.clock.now()), false);
      // A revoke whose notice never came, or a store deleted with its displays: their streams end
      // here, within one refresh, instead of beating on until the display reconnects.
      for (const key of gone) this.endRevoked(key.storeId, key.id);
    } catch (error) {
      this.ctx.log.warn({ err: error }, 'display: refreshing last seen failed');
    }
  }
}
