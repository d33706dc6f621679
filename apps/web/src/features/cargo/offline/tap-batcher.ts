/**
 * Gathers quick +/- taps on a content line into one difference. A person tapping "+" ten times
 * in two seconds should cost one request (`difference/10`), not ten: each request is a round trip
 * on a shop's weak connection and a row lock on the server. A line's taps are sent once they
 * stop for `quietMs`, or after `maxWaitMs` of continuous tapping, so a long run still saves as it
 * goes. Taps that cancel out (+1 then -1) send nothing.
 *
 * With `auto` false (the session's cargoAutoSave off) nothing is sent by itself: the taps wait
 * for `flushAll()` (the Save button).
 */
export interface TapBatcherOptions<K> {
  /** Called with a line's summed difference when it is due; never with 0. */
  onFlush: (key: K, difference: number) => void;
  /** Called whenever what is pending changes, so the screen can show "not saved yet". */
  onChange?: () => void;
  auto?: boolean;
  quietMs?: number;
  maxWaitMs?: number;
  /** The clock; tests pass fake timers. */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  now?: () => number;
}

interface Pending {
  difference: number;
  firstAt: number;
  timer: unknown;
}

export const TAP_QUIET_MS = 600;
export const TAP_MAX_WAIT_MS = 2_500;

export class TapBatcher<K> {
  private readonly pending = new Map<K, Pending>();
  private auto: boolean;
  private readonly quietMs: number;
  private readonly maxWaitMs: number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private readonly now: () => number;

  constructor(private readonly opts: TapBatcherOptions<K>) {
    this.auto = opts.auto ?? true;
    this.quietMs = opts.quietMs ?? TAP_QUIET_MS;
    this.maxWaitMs = opts.maxWaitMs ?? TAP_MAX_WAIT_MS;
    this.setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = opts.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
    this.now = opts.now ?? (() => Date.now());
  }

  /** Adds `delta` (a tap, or a typed change) to the line's pending difference. */
  add(key: K, delta: number): void {
    if (!Number.isInteger(delta) || delta === 0) return;
    const at = this.now();
    const entry = this.pending.get(key) ?? { difference: 0, firstAt: at, timer: undefined };
    entry.difference += delta;
    this.pending.set(key, entry);
    this.schedule(key, entry, at);
    this.opts.onChange?.();
  }

  /** The difference not yet handed on for `key` (shown on screen on top of the saved quantity). */
  pendingOf(key: K): number {
    return this.pending.get(key)?.difference ?? 0;
  }

  /** True while any line has taps not yet handed on. */
  get hasPending(): boolean {
    for (const entry of this.pending.values()) if (entry.difference !== 0) return true;
    return false;
  }

  /** Hands on the line's taps now. */
  flush(key: K): void {
    const entry = this.pending.get(key);
    if (!entry) return;
    if (entry.timer !== undefined) this.clearTimer(entry.timer);
    this.pending.delete(key);
    if (entry.difference !== 0) this.opts.onFlush(key, entry.difference);
    this.opts.onChange?.();
  }

  /** Hands on every line's taps now (Save, leaving the screen, going to the background). */
  flushAll(): void {
    for (const key of [...this.pending.keys()]) this.flush(key);
  }

  /** Drops the line's pending taps without sending them (the line was removed). */
  discard(key: K): void {
    const entry = this.pending.get(key);
    if (!entry) return;
    if (entry.timer !== undefined) this.clearTimer(entry.timer);
    this.pending.delete(key);
    this.opts.onChange?.();
  }

  /** Turns sending by itself on (pending taps then go after the quiet time) or off. */
  setAuto(auto: boolean): void {
    if (auto === this.auto) return;
    this.auto = auto;
    const at = this.now();
    for (const [key, entry] of this.pending) this.schedule(key, entry, at);
  }

  /** Stops every timer; pending taps are dropped (call flushAll first to keep them). */
  dispose(): void {
    for (const entry of this.pending.values()) if (entry.timer !== undefined) this.clearTimer(entry.timer);
    this.pending.clear();
  }

  private schedule(key: K, entry: Pending, at: number): void {
    if (entry.timer !== undefined) this.clearTimer(entry.timer);
    entry.timer = undefined;
    if (!this.auto) return;
    const wait = Math.max(0, Math.min(this.quietMs, entry.firstAt + this.maxWaitMs - at));
    entry.timer = this.setTimer(() => {
      entry.timer = undefined;
      this.flush(key);
    }, wait);
  }
}
