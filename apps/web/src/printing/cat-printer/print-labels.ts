import { PacedWriter, type BleLink } from './paced-writer.ts';
import { printJob, type MonoBitmap } from './protocol.ts';

/**
 * Prints `copies` of a bitmap over a BLE link (Web Bluetooth today, Capacitor BLE in the apps),
 * through the paced writer so a paused printer is not flooded.
 */
export async function printCopies(link: BleLink, bitmap: MonoBitmap, copies: number): Promise<void> {
  const writer = new PacedWriter(link);
  try {
    for (let i = 0; i < copies; i++) await writer.send(printJob(bitmap, { feedAfter: i === copies - 1 ? 80 : 30 }));
  } finally {
    writer.close();
  }
}
