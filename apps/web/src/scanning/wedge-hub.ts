import { EARLY_KEYS_GLOBAL } from '@shopdesk/shared';
import { WedgeBuffer, type WedgeBufferOptions } from './wedge-buffer.ts';

/** Fields that take typing themselves: a burst typed into one must be taken back out of it. */
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
  /**
   * Milliseconds clock; tests pass a fake one. By default each key's own `timeStamp`: when the page
   * is busy (a form re-rendering on a slow phone) the scanner's keys wait in the browser's queue
   * and run late, but they keep the time they were typed, so the burst is still seen as one.
   */
  now?: () => number;
  /**
   * Inside a text field a burst must be faster than any person: every key at most this many ms
   * after the previous one (the Enter too). Cheap Bluetooth scanners send a key every ~30 ms.
   */
  fieldGapMs?: number;
  /** Inside a text field, the shortest burst taken as a scan (a person may roll 2–3 keys fast). */
  fieldMinLength?: number;
}

type Listener = (code: string) => void;

/**
 * A scan finished while the app was still starting (no screen had listened yet) waits this long
 * for the first screen that listens: a phone with nothing cached takes seconds to open the counter.
 */
const START_HOLD_MS = 20_000;

/** The keys index.html's inline recorder kept before this code loaded (packages/shared/src/early-keys.ts). */
function takeEarlyKeys(target: Window): KeyboardEvent[] {
  const take = (target as unknown as Record<string, unknown>)[EARLY_KEYS_GLOBAL];
  return typeof take === 'function' ? (take as () => KeyboardEvent[])() : [];
}
type TextField = HTMLInputElement | HTMLTextAreaElement;

/** The field a burst started in, as it was before the burst's first character landed. */
interface Snapshot {
  field: TextField;
  value: string;
  selectionStart: number | null;
  selectionEnd: number | null;
}

const SCANNER_TERMINATORS = ['Enter', 'Tab'] as const;

/**
 * Sets a field's value so React (or any framework) sees it as typed: the native setter bypasses
 * React's value tracking, and the input event runs the field's onChange with the restored text.
 */
function restoreField({ field, value, selectionStart, selectionEnd }: Snapshot): void {
  if (field.value === value) return;
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  try {
    if (selectionStart !== null) field.setSelectionRange(selectionStart, selectionEnd);
  } catch {
    // Some input types (number, email) have no selection; the value is what matters.
  }
}

function textFieldOf(target: EventTarget | null): TextField | null {
  if (target instanceof HTMLTextAreaElement) return target;
  if (target instanceof HTMLInputElement && isEditableTarget(target)) return target;
  return null;
}

/**
 * The one keyboard-wedge listener of the app. A wedge scanner "types" a code as a burst of keys a
 * few ms apart ending in Enter (or Tab); this tells such a burst from a person by timing alone,
 * wherever focus is, and hands the code to exactly one screen: the one that subscribed last.
 *
 * A burst typed into a text field is a scan only when it is faster than a person types (see
 * `fieldGapMs`, `fieldMinLength`); then its terminator is kept from submitting the form or moving
 * focus, and the field gets back the text it had before the burst, so a scan never lands in a
 * product's name or search box. Slow typing, IME composition (Android keyboards send no key
 * names at all), auto-repeat of a held key, paste and a person's Enter pass through untouched.
 *
 * With no screen listening the keys reach the page as typed. A scan is never held for a screen that
 * opens later (it would pop up seconds after, on the wrong screen); a burst that a screen starts
 * listening to halfway (it finished loading) is still taken whole. The one exception is the app's
 * start: keys pressed before this code loaded (kept by index.html's early recorder) are replayed
 * with their own timestamps when the hub attaches, and a scan that ended before any screen listened
 * goes to the first screen that does, if it is on the same page and within START_HOLD_MS: a scan
 * into a counter still opening on a slow phone is neither lost nor cut short.
 */
export class WedgeHub {
  private readonly buffer: WedgeBuffer;
  private readonly gap: number;
  private readonly fieldGap: number;
  private readonly fieldMinLength: number;
  private readonly now: (() => number) | null;
  private lastAt = -Infinity;
  /** Slowest gap between two keys of the current burst. */
  private slowest = 0;
  private target: EventTarget | null = null;
  private snapshot: Snapshot | null = null;
  private listeners: Listener[] = [];
  private detach: (() => void) | null = null;
  /** Scans that ended before any screen had ever listened, with when they ended and on which page. */
  private held: { code: string; at: number; path: string }[] = [];
  private everListened = false;

  constructor(options: WedgeHubOptions = {}) {
    this.buffer = new WedgeBuffer({ terminators: SCANNER_TERMINATORS, ...options });
    this.gap = options.maxGapMs ?? 50;
    this.fieldGap = options.fieldGapMs ?? 35;
    this.fieldMinLength = options.fieldMinLength ?? 4;
    this.now = options.now ?? null;
  }

  /** Starts listening on `target` (capture phase, so a scan is seen before any field or form). */
  attach(target: Window = window): void {
    if (this.detach) return;
    // Synchronous up to addEventListener: no key can fall between the recorder and the hub.
    for (const early of takeEarlyKeys(target)) this.onKeyDown(early, true);
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
    if (!this.everListened) {
      this.everListened = true;
      const now = this.now?.() ?? performance.now();
      // Only to the screen of the page the scan was fired on: never on to another one opened later.
      const path = location.pathname;
      const held = this.held.filter((h) => now - h.at <= START_HOLD_MS && h.path === path).map((h) => h.code);
      this.held = [];
      // After the subscribing effect has run (React's StrictMode subscribes twice): to whoever
      // listens then.
      if (held.length > 0)
        queueMicrotask(() => {
          for (const code of held) this.listeners.at(-1)?.(code);
        });
    }
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  private reset(): void {
    this.buffer.reset();
    this.snapshot = null;
    this.target = null;
  }

  /** `replayed`: a key the early recorder kept, timed by its own stamp whatever the clock. */
  private onKeyDown(e: KeyboardEvent, replayed = false): void {
    // Shortcuts, IME composition (keyCode 229) and a held key's auto-repeat are a person's.
    if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing || e.keyCode === 229 || e.repeat) {
      this.reset();
      return;
    }
    // Contenteditable text cannot be put back reliably; the app has none, so it keeps its keys.
    if (e.target instanceof HTMLElement && e.target.isContentEditable) {
      this.reset();
      return;
    }
    const at = replayed ? e.timeStamp : (this.now?.() ?? e.timeStamp);
    const gap = at - this.lastAt;
    const continuing = this.buffer.collecting && gap <= this.gap && e.target === this.target;
    this.lastAt = at;
    if (!continuing) {
      this.buffer.reset();
      this.snapshot = null;
      this.target = e.target;
      this.slowest = 0;
      if (e.key.length === 1) {
        // Taken before this first key lands (keydown runs before the character is inserted).
        const field = textFieldOf(e.target);
        if (field)
          this.snapshot = {
            field,
            value: field.value,
            selectionStart: field.selectionStart,
            selectionEnd: field.selectionEnd,
          };
      }
    } else {
      this.slowest = Math.max(this.slowest, gap);
    }
    const code = this.buffer.push(e.key, at);
    // Keys are followed even with no screen listening, so a burst that starts while a screen is
    // still opening is taken whole once it listens; with none listening at the end, it is typing.
    const listening = this.listeners.length > 0;
    if (code !== null) {
      if (!listening && !this.everListened && !isEditableTarget(e.target) && this.held.length < 20) {
        this.held.push({ code, at, path: location.pathname });
      }
      if (!listening || !this.isScan(e.target, code)) {
        this.reset();
        return;
      }
      // The terminator would otherwise submit the form, press a button or move focus.
      e.preventDefault();
      e.stopPropagation();
      if (this.snapshot) restoreField(this.snapshot);
      this.reset();
      this.listeners.at(-1)?.(code);
    } else if (listening && continuing && e.key.length === 1 && !isEditableTarget(e.target)) {
      // Part of a burst outside a field: a stray character must not scroll or trigger shortcuts.
      e.preventDefault();
    }
  }

  /** Outside fields any buffered burst is a scan; inside one it must be faster than a person. */
  private isScan(target: EventTarget | null, code: string): boolean {
    if (!isEditableTarget(target)) return true;
    return code.length >= this.fieldMinLength && this.slowest <= this.fieldGap;
  }
}

/** The app-wide hub; `main.tsx` attaches it at start-up. */
export const wedgeHub = new WedgeHub();
