import { SALE_QUEUE_DB } from './sale-queue-name.ts';
/**
 * How tabs tell each other about the sale queue: "changed" (someone wrote or removed a sale:
 * re-read the queue) and "wake" (there is something to send now: the tab running the sync loop
 * stops waiting). In this tab the listeners are called directly; other tabs hear it through a
 * BroadcastChannel (absent in old browsers: then each tab only sees its own changes until reload).
 */
type QueueMessage = 'changed' | 'wake';

// The database's name: the store shell listens there to start its sender (lib/start-if-kept.ts).
const CHANNEL_NAME = SALE_QUEUE_DB;
const listeners: Record<QueueMessage, Set<() => void>> = { changed: new Set(), wake: new Set() };
let channel: BroadcastChannel | null | undefined;

function deliver(message: QueueMessage): void {
  for (const listener of [...listeners[message]]) listener();
}

function getChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
    channel?.addEventListener('message', (event: MessageEvent) => {
      if (event.data === 'changed' || event.data === 'wake') deliver(event.data);
    });
  }
  return channel;
}

function post(message: QueueMessage): void {
  deliver(message);
  try {
    getChannel()?.postMessage(message);
  } catch (e) {
    console.warn('Could not tell other tabs about the sale queue', e);
  }
}

/** The queue was written: every tab re-reads it. */
export function announceQueueChanged(): void {
  post('changed');
}

/** Something can be sent now: the sync loop (in whichever tab runs it) stops waiting. */
export function wakeSaleSync(): void {
  post('wake');
}

/** Listens in this tab to messages of this tab and the others; returns the unsubscribe. */
export function onQueueMessage(message: QueueMessage, listener: () => void): () => void {
  getChannel();
  listeners[message].add(listener);
  return () => listeners[message].delete(listener);
}

/** Tests only: drops the channel so a test's messages do not reach the next test. */
export function closeQueueChannelForTests(): void {
  channel?.close();
  channel = undefined;
  listeners.changed.clear();
  listeners.wake.clear();
}
