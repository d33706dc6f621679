import { CARGO_QUEUE_DB } from './queue-name.ts';
import { startIfKept } from '../../../lib/start-if-kept.ts';

/**
 * The store shell's sender of counts kept on this device, loaded only once the device has kept
 * one; the counting screens start it themselves (use-counting.ts).
 */
export const startCargoCountSyncIfKept = (): (() => void) =>
  startIfKept(CARGO_QUEUE_DB, async () => (await import('./difference-queue.ts')).startDifferenceSync);
