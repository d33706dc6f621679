/**
 * Runs a background sender only on a device that has kept something for it: when the IndexedDB
 * database `dbName` exists, or as soon as this tab creates it (its opener calls `noteKept`) or
 * another tab speaks of it on the BroadcastChannel of the same name (the queues announce their
 * changes there), `load` brings the sender's code in and starts it. The store shell starts the offline senders
 * this way on every screen, so the first screens do not carry their code for every shop that never
 * queued anything. Where the browser cannot list its databases, the sender is loaded anyway.
 * Returns the stop, safe to call before the load ends.
 */
export function startIfKept(dbName: string, load: () => Promise<() => () => void>): () => void {
  let stop: (() => void) | undefined;
  let state: 'waiting' | 'loading' | 'started' | 'cancelled' = 'waiting';
  let kept = false;
  const begin = () => {
    kept = true;
    if (state !== 'waiting') return;
    state = 'loading';
    load().then(
      (start) => {
        if (state !== 'loading') return;
        state = 'started';
        unwatch();
        stop = start();
      },
      // Offline before the worker has cached the sender's code: try again once back online.
      () => {
        if (state === 'loading') state = 'waiting';
      },
    );
  };
  const retry = () => {
    if (kept) begin();
  };
  const unwatchHere = watchKept(dbName, begin);
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(dbName) : null;
  channel?.addEventListener('message', begin);
  window.addEventListener('online', retry);
  const unwatch = () => {
    unwatchHere();
    channel?.close();
    window.removeEventListener('online', retry);
  };
  void databaseExists(dbName).then((exists) => {
    if (exists) begin();
  });
  return () => {
    state = 'cancelled';
    unwatch();
    stop?.();
  };
}

const watchers = new Map<string, Set<() => void>>();

function watchKept(dbName: string, onKept: () => void): () => void {
  const set = watchers.get(dbName) ?? new Set();
  watchers.set(dbName, set);
  set.add(onKept);
  return () => set.delete(onKept);
}

/** Called by a queue's opener: the database now exists, so waiting senders start. */
export function noteKept(dbName: string): void {
  for (const onKept of [...(watchers.get(dbName) ?? [])]) onKept();
}

async function databaseExists(name: string): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((d) => d.name === name);
  } catch {
    return true;
  }
}
