import { useCallback, useState } from 'react';
import { useSession } from '../../lib/session-store.ts';
import { bluetoothAvailable, type PrinterDevice, type PrinterLink } from '../bluetooth/printer-transport.ts';
import { catPrinterTransport } from './cat-transport.ts';
import type { MonoBitmap } from './protocol.ts';
import { printBatch } from './print-labels.ts';

// The chosen device and its connection live for the page's lifetime: browsers hand a device out
// only after a user gesture, and reconnecting for every label costs a second or two.
let device: PrinterDevice | null = null;
let link: PrinterLink | null = null;

async function transport() {
  const found = await catPrinterTransport();
  if (!found) throw new Error('Bluetooth is not available');
  return found;
}

function dropConnection() {
  link?.disconnect();
  link = null;
}

/**
 * Pairing, forgetting and printing on the cat printer kept in the session (`catPrinter`), over
 * Web Bluetooth in browsers and the Capacitor plugin in the apps (bluetooth/printer-transport.ts).
 */
export function useCatPrinter() {
  const saved = useSession((s) => s.catPrinter);
  const setCatPrinter = useSession((s) => s.setCatPrinter);
  const [busy, setBusy] = useState<'pairing' | 'printing' | null>(null);

  const pair = useCallback(async () => {
    setBusy('pairing');
    try {
      const chosen = await (await transport()).choose();
      dropConnection();
      device = chosen;
      setCatPrinter({ deviceId: chosen.id, name: chosen.name || 'Cat printer' });
      return chosen;
    } finally {
      setBusy(null);
    }
  }, [setCatPrinter]);

  const forget = useCallback(() => {
    dropConnection();
    device = null;
    setCatPrinter(null);
  }, [setCatPrinter]);

  /** Prints each bitmap its number of copies (one label's copies, or a batch of several labels). */
  const printMany = useCallback(
    async (jobs: readonly { bitmap: MonoBitmap; copies: number }[]) => {
      setBusy('printing');
      try {
        const ble = await transport();
        if (!device || (saved && device.id !== saved.deviceId)) {
          dropConnection();
          device = (saved && (await ble.known(saved.deviceId))) || (await ble.choose());
          setCatPrinter({ deviceId: device.id, name: device.name || saved?.name || 'Cat printer' });
        }
        if (!link?.isConnected()) link = await ble.connect(device);
        try {
          await printBatch(link, jobs);
        } catch (error) {
          dropConnection();
          throw error;
        }
      } finally {
        setBusy(null);
      }
    },
    [saved, setCatPrinter],
  );

  const print = useCallback((bitmap: MonoBitmap, copies: number) => printMany([{ bitmap, copies }]), [printMany]);

  return { available: bluetoothAvailable(), saved, busy, pair, forget, print, printMany };
}
