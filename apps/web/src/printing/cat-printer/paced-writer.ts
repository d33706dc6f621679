import { flowControlOf } from './protocol.ts';

/**
 * What a BLE link offers: Web Bluetooth in browsers, the Capacitor plugin in the native apps. Cat
 * printers and ESC/POS receipt printers (printing/receipts) both write through it; a link without
 * notifications (most receipt printers) returns a no-op from `onNotify`.
 */
export interface BleLink {
  write(bytes: Uint8Array): Promise<void>;
  /** Calls `listener` with every notification; returns a function that stops listening. */
  onNotify(listener: (bytes: Uint8Array) => void): () => void;
}

export interface PacedWriterOptions {
  /** Largest write the link takes at once (the BLE MTU less 3 bytes of header). */
  chunkSize?: number;
  /** Pause between writes, so cheap printers with small buffers keep up. */
  delayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Called after each write with the bytes written so far of the current `send` and its total. */
  onProgress?: (sent: number, total: number) => void;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends frames one write at a time, never two at once, honouring the printer's pause and resume
 * notifications: a paused printer drops what it is sent, which prints as a torn label.
 */
export class PacedWriter {
  private paused = false;
  private resumeWaiters: Array<() => void> = [];
  private queue: Promise<void> = Promise.resolve();
  private readonly stop: () => void;
  private readonly chunkSize: number;
  private readonly delayMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly onProgress?: (sent: number, total: number) => void;

  constructor(
    private readonly link: BleLink,
    options: PacedWriterOptions = {},
  ) {
    this.chunkSize = options.chunkSize ?? 180;
    this.delayMs = options.delayMs ?? 10;
    this.sleep = options.sleep ?? realSleep;
    this.onProgress = options.onProgress;
    this.stop = link.onNotify((bytes) => {
      const signal = flowControlOf(bytes);
      if (signal === 'pause') this.paused = true;
      if (signal === 'resume') {
        this.paused = false;
        for (const wake of this.resumeWaiters.splice(0)) wake();
      }
    });
  }

  get isPaused(): boolean {
    return this.paused;
  }

  /** Queues frames behind any earlier ones; resolves when all of them are written. */
  send(frames: Uint8Array[]): Promise<void> {
    const run = this.queue.then(() => this.writeAll(frames));
    this.queue = run.catch(() => undefined);
    return run;
  }

  close(): void {
    this.stop();
  }

  private async writeAll(frames: Uint8Array[]): Promise<void> {
    const bytes = concat(frames);
    for (let offset = 0; offset < bytes.length; offset += this.chunkSize) {
      while (this.paused) await new Promise<void>((resolve) => this.resumeWaiters.push(resolve));
      await this.link.write(bytes.subarray(offset, offset + this.chunkSize));
      this.onProgress?.(Math.min(offset + this.chunkSize, bytes.length), bytes.length);
      if (this.delayMs > 0) await this.sleep(this.delayMs);
    }
  }
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}
