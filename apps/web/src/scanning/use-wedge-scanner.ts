import { useEffect, useRef } from 'react';
import { wedgeHub, type WedgeHub } from './wedge-hub.ts';

export { isEditableTarget } from './wedge-hub.ts';

export interface WedgeScannerOptions {
  enabled?: boolean;
  /** The hub to listen to; tests pass their own with a fake clock. */
  hub?: WedgeHub;
}

/**
 * Gives this screen the keyboard-wedge scans made anywhere on the page outside editable fields.
 * Every burst is a real scan, so none is debounced. Listening itself lives in the app-wide hub,
 * attached at start-up, so re-renders and lazy loading never drop a keystroke.
 */
export function useWedgeScanner(onScan: (code: string) => void, options: WedgeScannerOptions = {}) {
  const { enabled = true, hub = wedgeHub } = options;
  const callback = useRef(onScan);
  useEffect(() => {
    callback.current = onScan;
  }, [onScan]);

  useEffect(() => {
    if (!enabled) return;
    hub.attach();
    return hub.subscribe((code) => callback.current(code));
  }, [enabled, hub]);
}
