import { WedgeBuffer, type WedgeBufferOptions } from './wedge-buffer.ts';

/** Fields that take typing themselves; their Enter is theirs (a form submit), never a scan. */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(target.type);
  }
  return false;
}

export interface WedgeHubOptions extends WedgeBufferOptions {
  /** Milliseconds clock; tests pass a fake one. */
  now?: () => number;
  /** How long a scan that arrived with no screen listening waits for one to appear. */
  holdMs?: number;
}

type Listener = (code: string) => void;

/**
 * The one keyboard-wedge listener of the app. It listens on the window from start-up, so a burst
 * that arrives while a screen is still loading or re-rendering is taken whole, and hands each scan
 * to exactly one screen — the one that subscribed last — so it is never doubled. A scan that
 * arrives with no screen listening is held briefly for the screen being opened.
 */
export class WedgeHub {
  private readonly buffer: WedgeBuffer;
  private readonly gap: number;
  private readonly now: () => number;
  private readonly holdMs: number;
  private lastAt = -Infinity;
  private listeners: Listener[] = [];
  private held: { code: string; at: number } | null = null;
  private detach: (() => void) | null = null;

  constructor(options: WedgeHubOptions = {}) {
    this.buffer = new WedgeBuffer(options);
    this.gap = options.maxGapMs ?? 50;
    this.now = options.now ?? (() => performance.now());
    this.holdMs = options.holdMs ?? 3000;
  }

  /** Starts listening on `target` (capture phase, so the scan is seen before anything else). */
  attach(target: Window = window): void {
    if (this.detach) return;
    const onKeyDown = (e: KeyboardEvent) => this.onKeyDown(e);
    target.addEventListener('keydown', onKeyDown, true);
    this.detach = () => target.removeEventListener('keydown', onKeyDown, true);
  }

  close(): void {
    this.detach?.();
    this.detach = null;
  }

  /** Adds a screen's listener; it gets every scan until it unsubscribes or another subscribes. */
  subscribe(listener: Listener): () => void {
    this.listeners.push(listener);
    const held = this.held;
    this.held = null;
    if (held && this.now() - held.at <= this.holdMs) listener(held.code);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  private onKeyDown(e: KeyboardEvent): void {
    if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
    if (isEditableTarget(e.target)) {
      this.buffer.reset();
      return;
    }
    const at = this.now();
    const continuing = this.buffer.collecting && at - this.lastAt <= this.gap;
    this.lastAt = at;
    const code = this.buffer.push(e.key, at);
    if (code !== null) {
      // The terminating Enter would otherwise press a focused button or submit a form.
      e.preventDefault();
      e.stopPropagation();
      this.deliver(code, at);
    } else if (continuing && e.key.length === 1) {
      // Part of a burst: a stray character must not trigger page shortcuts or scroll.
      e.preventDefault();
    }
  }

  private deliver(code: string, at: number): void {
    const listener = this.listeners.at(-1);
    if (listener) listener(code);
    else this.held = { code, at };
  }
}

/** The app-wide hub; `main.tsx` attaches it at start-up. */
export const wedgeHub = new WedgeHub();
