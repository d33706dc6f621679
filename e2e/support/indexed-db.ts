import type { Page } from '@playwright/test';

/**
 * Every value in one object store of the page's IndexedDB, or null while the app has not made it.
 * Never creates the database: `indexedDB.open(name)` on a missing database makes an empty version 1,
 * and the app's own open (idb-keyval, the queues) would then find no upgrade to run and never get
 * its object store — a test that peeks too early would break the very thing it waits for.
 */
export function readObjectStore<T = unknown>(page: Page, database: string, store: string): Promise<T[] | null> {
  return page.evaluate(
    ({ database, store }) =>
      new Promise<unknown[] | null>((resolve, reject) => {
        const open = indexedDB.open(database);
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = (event) => {
          // The abort above: the database does not exist yet.
          event.preventDefault();
          resolve(null);
        };
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) {
            db.close();
            return resolve(null);
          }
          const all = db.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result);
          };
          all.onerror = () => {
            db.close();
            reject(all.error);
          };
        };
      }),
    { database, store },
  ) as Promise<T[] | null>;
}
