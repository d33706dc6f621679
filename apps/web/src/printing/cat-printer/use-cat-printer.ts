import { useCallback, useState } from 'react';
import { useSession } from '../../lib/session-store.ts';
import type { MonoBitmap } from './protocol.ts';
import { printCopies } from './print-labels.ts';
import {
  chooseCatPrinter,
  connectCatPrinter,
  knownCatPrinter,
  webBluetoothAvailable,
  type BluetoothDeviceLike,
} from './web-bluetooth.ts';

// The chosen device lives for the page's lifetime: browsers hand it out only after a user gesture.
let device: BluetoothDeviceLike | null = null;

/** Pairing, forgetting and printing on the cat printer kept in the session (`catPrinter`). */
export function useCatPrinter() {
  const saved = useSession((s) => s.catPrinter);
  const setCatPrinter = useSession((s) => s.setCatPrinter);
  const [busy, setBusy] = useState<'pairing' | 'printing' | null>(null);

  const pair = useCallback(async () => {
    setBusy('pairing');
    try {
      device = await chooseCatPrinter();
      setCatPrinter({ deviceId: device.id, name: device.name || 'Cat printer' });
      return device;
    } finally {
      setBusy(null);
    }
  }, [setCatPrinter]);

  const forget = useCallback(() => {
    device?.gatt?.disconnect();
    device = null;
    setCatPrinter(null);
  }, [setCatPrinter]);

  const print = useCallback(
    async (bitmap: MonoBitmap, copies: number) => {
      setBusy('printing');
      try {
        if (!device || (saved && device.id !== saved.deviceId)) {
          device = (saved && (await knownCatPrinter(saved.deviceId))) || (await chooseCatPrinter());
          setCatPrinter({ deviceId: device.id, name: device.name || saved?.name || 'Cat printer' });
        }
        const link = await connectCatPrinter(device);
        await printCopies(link, bitmap, copies);
      } finally {
        setBusy(null);
      }
    },
    [saved, setCatPrinter],
  );

  return { available: webBluetoothAvailable(), saved, busy, pair, forget, print };
}
