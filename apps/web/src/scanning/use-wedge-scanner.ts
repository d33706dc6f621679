import { useEffect, useRef } from 'react';
import { wedgeHub, type WedgeHub } from './wedge-hub.ts';

export { isEditableTarget } from './wedge-hub.ts';

export interface WedgeScannerOptions {
  enabled?: boolean;
  /** The hub to listen to; tests pass their own with a fake clock. */
  hub?: WedgeHub;
}

/**
 * Makes this screen the target of keyboard-wedge scans, whatever has focus: a burst typed into a
 * field is taken back out of it and never submits the form (see WedgeHub). Every burst is a real
 * scan, so none is debounced. While `enabled` is false (a dialog of its own is open, say) the
 * screen gets none and the keys reach the page as typed.
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
