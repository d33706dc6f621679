import { PacedWriter, type BleLink } from './paced-writer.ts';
import { printJob, type MonoBitmap } from './protocol.ts';

/**
 * Prints `copies` of a bitmap over a BLE link (Web Bluetooth today, Capacitor BLE in the apps),
 * through the paced writer so a paused printer is not flooded.
 */
export async function printCopies(link: BleLink, bitmap: MonoBitmap, copies: number): Promise<void> {
  await printBatch(link, [{ bitmap, copies }]);
}

/**
 * Prints several labels, each its number of copies, one after another on one connection: the
 * strip is fed a little between labels and more after the last, to tear it off.
 */
export async function printBatch(
  link: BleLink,
  jobs: readonly { bitmap: MonoBitmap; copies: number }[],
): Promise<void> {
  const writer = new PacedWriter(link);
  const bitmaps = jobs.flatMap((j) => Array<MonoBitmap>(Math.max(0, j.copies)).fill(j.bitmap));
  try {
    for (let i = 0; i < bitmaps.length; i++)
      await writer.send(printJob(bitmaps[i]!, { feedAfter: i === bitmaps.length - 1 ? 80 : 30 }));
  } finally {
    writer.close();
  }
}
