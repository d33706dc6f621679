/**
 * The lock of the one writing SQLite connection (sqlite-writer.ts).
 *
 * Invariants: at most one holder at a time; waiters get it in the order they asked (FIFO), handed
 * over directly on `unlock` (no one can cut in between). Main thread only; not reentrant.
 */

/** FIFO lock of the one SQLite connection. */
export class Mutex {
  #locked = false;
  readonly #waiting: Array<() => void> = [];
  /** Takes the lock if it is free, at once. */
  tryLock(): boolean {
    if (this.#locked) return false;
    this.#locked = true;
    return true;
  }
  lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }
  /** True while someone waits for the lock (a holder that could let go early should). */
  get contended(): boolean {
    return this.#waiting.length > 0;
  }
  unlock(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#locked = false;
  }
}
