/** The IndexedDB database of the device's queued sales: sale-queue-db.ts opens it, start-if-kept.ts looks for it. */
export const SALE_QUEUE_DB = 'shopdesk-sale-queue';
