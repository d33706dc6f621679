import type { DBSchema } from 'idb';
import type { CreateCustomerBody, CreateTransactionBody, UpdateTransactionBody } from '@shopdesk/shared';
import { SALE_QUEUE_DB } from './sale-queue-name.ts';
import { lazyIdb } from '../lib/lazy-idb.ts';
import { noteKept } from '../lib/start-if-kept.ts';

/**
 * What a sale adds for its customer (issue 42): the customer (a server id, or `local:{clientId}` for
 * one created on this device and not synced yet, resolved when the sale is sent), the points it
 * redeems, and whether it was made offline (an offline sale's redemption is kept even when the
 * balance fell meanwhile).
 */
export interface SaleCustomerFields {
  customerId?: string;
  pointsRedeemed?: number;
  offline?: boolean;
}

/**
 * What the counter asks the server to store: a new sale, the completion of a held cart, or a
 * customer created at the counter, queued before the sales that name it (the queue sends in order).
 */
export type SaleRequest =
  | { kind: 'create'; body: CreateTransactionBody & SaleCustomerFields }
  | { kind: 'complete'; code: string; body: UpdateTransactionBody & SaleCustomerFields }
  | { kind: 'customer'; body: CreateCustomerBody & { clientId: string } };

/** The requests that are sales (everything but a queued customer). */
export type SaleOnlyRequest = Exclude<SaleRequest, { kind: 'customer' }>;

export const isSaleRequest = (request: SaleRequest): request is SaleOnlyRequest => request.kind !== 'customer';

/** The id a customer created on this device has until it syncs. */
export const LOCAL_CUSTOMER_PREFIX = 'local:';

/** What the cashier saw of the sale, so the queue can list it without the server's answer. */
export interface SalePreview {
  currency: string;
  /** Minor units the customer paid for (the total due). */
  total: number;
  /** `unit`: a KG, L or M line's quantity is thousandths; a line without one is in pieces. */
  lines: { name: string; quantity: number; unit?: string }[];
}

/** The server's reason for refusing a sale (the JSON error of product.md §6). */
export interface SaleRefusal {
  status: number;
  code: string | null;
  message: string;
  details?: { field: string; message: string }[];
}

/** Why the last try of a waiting sale did not get through (it will be tried again). */
export type SyncProblem = 'network' | 'timeout' | 'server' | 'busy' | 'unauthorized';

export interface QueuedSale {
  /** Queue order: IndexedDB's auto-increment key, so tabs writing at once still get one order. */
  seq: number;
  /**
   * The sale's own clientId for a new sale (the server stores it once, whatever the retries), or
   * `complete:{store}:{code}` for completing a held cart.
   */
  clientId: string;
  /** Whose queue it is in: the person's user id, or the till's `till-{id}` (lib/device-owner.ts). Only they send it. */
  userId: string;
  /**
   * On a till: the X-Till-Member token of the member who made the sale, sent with it whenever it
   * syncs, so it is recorded under them (product.md §2, who did what) whoever is unlocked then.
   */
  tillMember?: string;
  /** The store's urlName, sent as X-Store. */
  store: string;
  request: SaleRequest;
  preview: SalePreview | null;
  /** Epoch ms when the cashier finished the sale. */
  queuedAt: number;
  state: 'waiting' | 'refused';
  attempts: number;
  lastAttemptAt: number | null;
  lastProblem: SyncProblem | null;
  refusal: SaleRefusal | null;
  /**
   * Epoch ms until which the tab that wrote it is sending it itself (submitSale's first try): the
   * sync loop waits for that rather than sending the same sale at the same moment. It runs out on
   * its own if that tab dies mid-send.
   */
  leaseUntil: number;
}

export type NewQueuedSale = Omit<QueuedSale, 'seq'>;

interface SaleQueueDb extends DBSchema {
  sales: { key: number; value: QueuedSale; indexes: { clientId: string } };
}

const DB_NAME = SALE_QUEUE_DB;
const queueDb = lazyIdb<SaleQueueDb>(DB_NAME, 1, (database) => {
  const sales = database.createObjectStore('sales', { keyPath: 'seq', autoIncrement: true });
  sales.createIndex('clientId', 'clientId', { unique: true });
  // The store shell starts this queue's sender once the database exists (lib/start-if-kept.ts).
  noteKept(DB_NAME);
});
const db = () => queueDb.get();

/**
 * Writes a sale and resolves only once IndexedDB has committed the transaction (durable). A sale
 * with the same clientId already queued (the cashier reopened a refused sale and paid again) is
 * replaced in its place, so it keeps its turn.
 */
export async function upsertSale(entry: NewQueuedSale): Promise<QueuedSale> {
  const tx = (await db()).transaction('sales', 'readwrite', { durability: 'strict' });
  const earlier = await tx.store.index('clientId').get(entry.clientId);
  let stored: QueuedSale;
  if (earlier) {
    stored = { ...entry, seq: earlier.seq };
    await tx.store.put(stored);
  } else {
    const seq = await tx.store.add(entry as QueuedSale);
    stored = { ...entry, seq };
  }
  await tx.done;
  return stored;
}

/** Every queued sale of every user on this device, oldest first. */
export async function listSales(): Promise<QueuedSale[]> {
  return (await db()).getAll('sales');
}

export async function getSale(clientId: string): Promise<QueuedSale | undefined> {
  return (await db()).getFromIndex('sales', 'clientId', clientId);
}

/** Changes a queued sale if it is still there; false when it is gone (synced or discarded meanwhile). */
export async function updateSale(clientId: string, change: (entry: QueuedSale) => QueuedSale): Promise<boolean> {
  const tx = (await db()).transaction('sales', 'readwrite');
  const entry = await tx.store.index('clientId').get(clientId);
  if (entry) await tx.store.put({ ...change(entry), seq: entry.seq, clientId: entry.clientId });
  await tx.done;
  return entry !== undefined;
}

export async function deleteSale(clientId: string): Promise<void> {
  const tx = (await db()).transaction('sales', 'readwrite');
  const key = await tx.store.index('clientId').getKey(clientId);
  if (key !== undefined) await tx.store.delete(key);
  await tx.done;
}

/** Tests only: closes and deletes the database so each test starts empty. */
export function resetSaleQueueDbForTests(): Promise<void> {
  return queueDb.deleteForTests();
}
