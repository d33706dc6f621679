import { useEffect, useRef } from 'react';
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

export interface WedgeScannerOptions extends WedgeBufferOptions {
  enabled?: boolean;
  /** Milliseconds clock; tests pass a fake one. */
  now?: () => number;
}

/**
 * Listens for keyboard-wedge scans anywhere on the page outside editable fields. Every burst is a
 * real scan, so none is debounced. The terminating Enter is kept from the page (it would otherwise
 * press a focused button), and listening in the capture phase sees it before anything else does.
 */
export function useWedgeScanner(onScan: (code: string) => void, options: WedgeScannerOptions = {}) {
  const { enabled = true, now, maxGapMs, minLength, terminators } = options;
  const callback = useRef(onScan);
  useEffect(() => {
    callback.current = onScan;
  }, [onScan]);

  useEffect(() => {
    if (!enabled) return;
    const clock = now ?? (() => performance.now());
    const buffer = new WedgeBuffer({ maxGapMs, minLength, terminators });
    const gap = maxGapMs ?? 50;
    let lastAt = -Infinity;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      if (isEditableTarget(e.target)) {
        buffer.reset();
        return;
      }
      const at = clock();
      const continuing = buffer.collecting && at - lastAt <= gap;
      lastAt = at;
      const code = buffer.push(e.key, at);
      if (code !== null) {
        e.preventDefault();
        e.stopPropagation();
        callback.current(code);
      } else if (continuing && e.key.length === 1) {
        // Part of a burst: a stray character must not trigger page shortcuts or scroll.
        e.preventDefault();
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [enabled, now, maxGapMs, minLength, terminators]);
}
