/**
 * Keyboard-wedge barcode scanners "type" a code as a burst of keystrokes a few milliseconds apart,
 * ending in Enter. A person types far slower. This buffer tells the two apart from key timing alone,
 * so a scan is taken whole (nothing lost) and once (nothing doubled), whatever has focus.
 */
export interface WedgeBufferOptions {
  /** Longest gap between two keystrokes of one scan. Scanners send every 5–30 ms. */
  maxGapMs?: number;
  /** Shortest code accepted as a scan; shorter bursts are keyboard noise. */
  minLength?: number;
  /** Keys that end a scan. Most scanners send Enter; some are set to Tab. */
  terminators?: readonly string[];
}

export class WedgeBuffer {
  private chars: string[] = [];
  private lastAt = -Infinity;
  private readonly maxGapMs: number;
  private readonly minLength: number;
  private readonly terminators: readonly string[];

  constructor(options: WedgeBufferOptions = {}) {
    this.maxGapMs = options.maxGapMs ?? 50;
    this.minLength = options.minLength ?? 3;
    this.terminators = options.terminators ?? ['Enter'];
  }

  /** True while a burst is being typed, so its terminator can be kept from submitting a form. */
  get collecting(): boolean {
    return this.chars.length > 0;
  }

  /**
   * Feeds one key (a `KeyboardEvent.key`) pressed at `at` ms. Returns the scanned code when this key
   * ends a scan, else null.
   */
  push(key: string, at: number): string | null {
    const gap = at - this.lastAt;
    this.lastAt = at;
    if (gap > this.maxGapMs) this.chars = [];
    if (this.terminators.includes(key)) {
      const code = this.chars.join('');
      this.chars = [];
      return code.length >= this.minLength ? code : null;
    }
    // Only printable single characters are part of a code; Shift, arrows and the like are not.
    if (key.length === 1) this.chars.push(key);
    return null;
  }

  reset(): void {
    this.chars = [];
    this.lastAt = -Infinity;
  }
}
