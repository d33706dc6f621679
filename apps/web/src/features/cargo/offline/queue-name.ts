/** The IndexedDB database of the device's cargo counts waiting to be sent: difference-queue-db.ts opens it, start-if-kept.ts looks for it. */
export const CARGO_QUEUE_DB = 'shopdesk-cargo-queue';
