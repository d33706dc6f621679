/**
 * A camera sees the same barcode in many frames in a row. A detection counts only when that code
 * has not been seen for `windowMs`: holding the phone over one item counts it once, moving to the
 * next item (of the same product) counts again once the code has left the picture. Wedge scans are
 * never passed through this: each burst is a deliberate trigger pull.
 */
export class ScanDebouncer {
  private lastSeen = new Map<string, number>();

  constructor(private readonly windowMs = 1500) {}

  /** True when this detection is a new scan; every call refreshes when the code was last seen. */
  accept(code: string, at: number): boolean {
    const previous = this.lastSeen.get(code);
    this.lastSeen.set(code, at);
    for (const [c, t] of this.lastSeen) if (at - t > this.windowMs * 4) this.lastSeen.delete(c);
    return previous === undefined || at - previous > this.windowMs;
  }

  reset(): void {
    this.lastSeen.clear();
  }
}
