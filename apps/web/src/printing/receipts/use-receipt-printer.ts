import { useCallback, useState } from 'react';
import type { ReceiptDocument } from '@shopdesk/shared';
import { useSession } from '../../lib/session-store.ts';
import { bluetoothAvailable } from '../bluetooth/printer-transport.ts';
import {
  forgetReceiptPrinter,
  pairReceiptPrinter,
  printReceipt,
  printReceiptInBrowser,
  printReceiptOverBluetooth,
  type ReceiptPrintResult,
} from './print-receipt.ts';
import { useReceiptPrinterSettings } from './receipt-printer-settings.ts';

/**
 * The receipt printer for screens: the paired printer (session `xPrinter`), this device's settings,
 * and printing with progress. The encoder loads only when something is printed.
 */
export function useReceiptPrinter() {
  const saved = useSession((s) => s.xPrinter);
  const settings = useReceiptPrinterSettings();
  const [busy, setBusy] = useState<'pairing' | 'printing' | null>(null);
  /** Share of the bytes sent, 0 to 1, while printing over Bluetooth. */
  const [progress, setProgress] = useState<number | null>(null);

  const run = useCallback(async <T>(kind: 'pairing' | 'printing', task: () => Promise<T>): Promise<T> => {
    setBusy(kind);
    try {
      return await task();
    } finally {
      setBusy(null);
      setProgress(null);
    }
  }, []);
  const onProgress = useCallback((sent: number, total: number) => setProgress(total ? sent / total : 1), []);

  return {
    /** Bluetooth printing works here: the apps, or Web Bluetooth (Chromium; not Firefox or Safari). */
    available: bluetoothAvailable(),
    saved,
    settings,
    busy,
    progress,
    pair: useCallback(() => run('pairing', pairReceiptPrinter), [run]),
    forget: forgetReceiptPrinter,
    /** Paired printer, else the browser's print dialog; never throws for a printer problem. */
    printReceipt: useCallback(
      (doc: ReceiptDocument, title?: string): Promise<ReceiptPrintResult> =>
        run('printing', () => printReceipt(doc, { onProgress, title })),
      [run, onProgress],
    ),
    /** Only the Bluetooth printer; throws what went wrong (for the settings' test page). */
    printOverBluetooth: useCallback(
      (doc: ReceiptDocument) => run('printing', () => printReceiptOverBluetooth(doc, { onProgress })),
      [run, onProgress],
    ),
    printInBrowser: printReceiptInBrowser,
  };
}
