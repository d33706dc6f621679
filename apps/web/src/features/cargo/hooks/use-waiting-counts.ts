import { useSyncExternalStore } from 'react';
import { getSnapshot, subscribe } from '../offline/difference-queue.ts';

/**
 * How many counts of this cargo are still on the device, not yet on the server. Arrival books the
 * server's counts, so it waits for these.
 */
export function useWaitingCounts(store: string, cargoCode: string): number {
  const queue = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return queue.filter((e) => e.cargoCode === cargoCode && e.store === store).length;
}
