import { useEffect, useRef } from 'react';
import { isEditableTarget } from '../../../scanning/use-wedge-scanner.ts';

export type CounterCommand =
  'help' | 'search' | 'pay' | 'quantity' | 'lineDiscount' | 'cartDiscount' | 'park' | 'held' | 'openItem' | 'undo';

/** The key a command answers to; function keys only, so no scanner burst can ever trigger one. */
export function commandOf(
  e: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'target'>,
): CounterCommand | null {
  switch (e.key) {
    case 'F1':
      return 'help';
    case 'F2':
      return 'search';
    case 'F4':
      return 'pay';
    case 'F6':
      return 'quantity';
    case 'F7':
      return e.shiftKey ? 'cartDiscount' : 'lineDiscount';
    case 'F8':
      return 'park';
    case 'F9':
      return 'held';
    case 'F10':
      return 'openItem';
    case '?':
      return isEditableTarget(e.target) ? null : 'help';
    case 'z':
    case 'Z':
      return (e.ctrlKey || e.metaKey) && !e.shiftKey && !isEditableTarget(e.target) ? 'undo' : null;
    default:
      return null;
  }
}

/**
 * A desktop cashier's keyboard shortcuts (listed by the overlay). Off while a dialog is open: the
 * dialog's own keys (Enter, Escape, typing) belong to it.
 */
export function useCounterShortcuts(enabled: boolean, run: (command: CounterCommand) => void) {
  const handler = useRef(run);
  useEffect(() => {
    handler.current = run;
  }, [run]);
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey) return;
      const command = commandOf(e);
      if (!command) return;
      // F1 opens the browser's help and F10 its menu: the counter takes them while it is open.
      e.preventDefault();
      handler.current(command);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
