import { SALE_QUEUE_DB } from './sale-queue-name.ts';
import { startIfKept } from '../lib/start-if-kept.ts';

/**
 * The store shell's part in syncing queued sales, loaded only once the device has queued one:
 * every sale the counter finishes goes through the queue, so a selling device always has it, and
 * the counter's own screens bring the loop with them.
 */
export const startSaleSyncIfKept = (): (() => void) =>
  startIfKept(SALE_QUEUE_DB, async () => {
    const { startSaleSync } = await import('./sync-loop.ts');
    return () => startSaleSync();
  });
