import type { DBSchema } from 'idb';
import { CARGO_QUEUE_DB } from './queue-name.ts';
import { lazyIdb } from '../../../lib/lazy-idb.ts';
import { noteKept } from '../../../lib/start-if-kept.ts';

/**
 * A quantity change of a cargo content waiting on this device to reach the server (the
 * difference endpoint of product.md §6). Counting must go on when the back room has no signal:
 * each change is written here first, then sent, and the server applies a `clientId` once, so a
 * resend after a lost answer never counts twice.
 */
export interface QueuedDifference {
  /** Queue order: IndexedDB's auto-increment key, the order the changes were made in. */
  seq: number;
  /** Idempotency key of this change (a UUID), sent with it every time. */
  clientId: string;
  /** Who counted: only this user's session sends it. */
  userId: string;
  /** The store's urlName (X-Store). */
  store: string;
  cargoCode: string;
  contentId: string;
  /** The content's code and name, so a refusal can name the line. */
  code: string;
  name: string;
  /** The change itself: the server adds it to whatever the quantity is by then. */
  difference: number;
  /** The quantity this device expects after the change (the server flags a conflict otherwise). */
  updatedQuantity: number;
  /** Epoch ms when it was counted. */
  queuedAt: number;
  attempts: number;
}

export type NewQueuedDifference = Omit<QueuedDifference, 'seq'>;

interface CargoQueueDb extends DBSchema {
  differences: { key: number; value: QueuedDifference; indexes: { clientId: string } };
}

const DB_NAME = CARGO_QUEUE_DB;
const queueDb = lazyIdb<CargoQueueDb>(DB_NAME, 1, (database) => {
  const store = database.createObjectStore('differences', { keyPath: 'seq', autoIncrement: true });
  store.createIndex('clientId', 'clientId', { unique: true });
  // The store shell starts this queue's sender once the database exists (lib/start-if-kept.ts).
  noteKept(DB_NAME);
});
const db = () => queueDb.get();

/** Writes a change and resolves once IndexedDB has committed it (it survives a reload or a crash). */
export async function addDifference(entry: NewQueuedDifference): Promise<QueuedDifference> {
  const tx = (await db()).transaction('differences', 'readwrite', { durability: 'strict' });
  const seq = await tx.store.add(entry as QueuedDifference);
  await tx.done;
  return { ...entry, seq };
}

/** Every waiting change on this device, oldest first. */
export async function listDifferences(): Promise<QueuedDifference[]> {
  return (await db()).getAll('differences');
}

export async function deleteDifference(clientId: string): Promise<void> {
  const tx = (await db()).transaction('differences', 'readwrite');
  const key = await tx.store.index('clientId').getKey(clientId);
  if (key !== undefined) await tx.store.delete(key);
  await tx.done;
}

/** Counts one more try of a change still waiting; false when it is gone meanwhile. */
export async function countAttempt(clientId: string): Promise<boolean> {
  const tx = (await db()).transaction('differences', 'readwrite');
  const entry = await tx.store.index('clientId').get(clientId);
  if (entry) await tx.store.put({ ...entry, attempts: entry.attempts + 1 });
  await tx.done;
  return entry !== undefined;
}

/** Tests only: closes and deletes the database so each test starts empty. */
export function resetCargoQueueDbForTests(): Promise<void> {
  return queueDb.deleteForTests();
}
