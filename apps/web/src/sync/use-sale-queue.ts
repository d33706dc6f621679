import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { deviceOwner, useDeviceOwner } from '../lib/device-owner.ts';
import { announceQueueChanged, onQueueMessage, wakeSaleSync } from './queue-events.ts';
import { deleteSale, getSale, listSales, updateSale, type QueuedSale } from './sale-queue-db.ts';

/**
 * This tab's copy of the queue for the screens: re-read from IndexedDB whenever any tab says it
 * changed. Kept while at least one component listens.
 */
let snapshot: QueuedSale[] = [];
const subscribers = new Set<() => void>();
let stopListening: (() => void) | null = null;
let reading: Promise<void> | null = null;
let readAgain = false;

async function refresh(): Promise<void> {
  // One read at a time; changes during a read get one more read after it.
  if (reading) {
    readAgain = true;
    return reading;
  }
  reading = (async () => {
    do {
      readAgain = false;
      try {
        snapshot = await listSales();
      } catch (e) {
        console.error('Could not read the sale queue', e);
      }
    } while (readAgain);
    reading = null;
    for (const notify of [...subscribers]) notify();
  })();
  return reading;
}

function subscribe(notify: () => void): () => void {
  subscribers.add(notify);
  if (!stopListening) {
    stopListening = onQueueMessage('changed', () => void refresh());
    void refresh();
  }
  return () => {
    subscribers.delete(notify);
    if (subscribers.size === 0) {
      stopListening?.();
      stopListening = null;
    }
  };
}

const getSnapshot = () => snapshot;

export interface SaleQueue {
  /** This user's queued sales, oldest first. */
  entries: QueuedSale[];
  /** How many wait to be sent. */
  waiting: number;
  /** How many the server refused (kept until the cashier retries or discards them). */
  refused: number;
  /** Puts a refused sale back in line, in its original place, and sends at once. */
  retry: (clientId: string) => Promise<void>;
  /** Deletes a refused sale from this device for good (the UI asks first). Waiting sales are never discarded. */
  discard: (clientId: string) => Promise<void>;
  /** Ends the sync loop's wait: for "Sync now". */
  syncNow: () => void;
}

export async function retrySale(clientId: string): Promise<void> {
  await updateSale(clientId, (e) => ({ ...e, state: 'waiting', refusal: null, lastProblem: null, leaseUntil: 0 }));
  announceQueueChanged();
  wakeSaleSync();
}

export async function discardSale(clientId: string): Promise<void> {
  const entry = await getSale(clientId);
  // A waiting sale may be on its way this very moment: only a refused one can be thrown away.
  if (!entry || entry.state !== 'refused') return;
  await deleteSale(clientId);
  announceQueueChanged();
}

/** The queued sales of the user logged in now, kept current across tabs, and what can be done with them. */
export function useSaleQueue(): SaleQueue {
  const all = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const userId = useDeviceOwner();
  const entries = useMemo(() => (userId ? all.filter((e) => e.userId === userId) : []), [all, userId]);
  const waiting = entries.filter((e) => e.state === 'waiting').length;
  const retry = useCallback((clientId: string) => retrySale(clientId), []);
  const discard = useCallback((clientId: string) => discardSale(clientId), []);
  return { entries, waiting, refused: entries.length - waiting, retry, discard, syncNow: wakeSaleSync };
}

/**
 * How many sales have not reached the server yet (waiting or refused): for the logout warning and
 * for holding back an app update. By default the logged-in user's; `allUsers` counts the device's.
 */
export async function pendingSaleCount(opts: { allUsers?: boolean } = {}): Promise<number> {
  const userId = deviceOwner();
  const entries = await listSales();
  return opts.allUsers ? entries.length : entries.filter((e) => e.userId === userId).length;
}
