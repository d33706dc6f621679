import { openDB, type DBSchema, type IDBPDatabase, type OpenDBCallbacks } from 'idb';

export interface LazyIdb<T extends DBSchema> {
  /** The open database, opened on the first call (and again after another tab made it close). */
  get(): Promise<IDBPDatabase<T>>;
  /** Tests only: closes and deletes the database so each test starts empty. */
  deleteForTests(): Promise<void>;
}

/**
 * One IndexedDB database of this tab, opened only when first used (a device that never queues
 * anything never creates it). When another tab upgrades the schema, this tab closes its handle
 * instead of blocking that tab, and reopens on its next call.
 */
export function lazyIdb<T extends DBSchema>(
  name: string,
  version: number,
  upgrade: NonNullable<OpenDBCallbacks<T>['upgrade']>,
): LazyIdb<T> {
  let opening: Promise<IDBPDatabase<T>> | null = null;
  return {
    get() {
      opening ??= openDB<T>(name, version, {
        upgrade,
        blocking() {
          void opening?.then((d) => d.close());
          opening = null;
        },
      });
      return opening;
    },
    async deleteForTests() {
      if (opening) (await opening).close();
      opening = null;
      await new Promise<void>((resolve, reject) => {
        const req = indexedDB.deleteDatabase(name);
        req.onsuccess = () => resolve();
        req.onerror = () => reject(req.error);
        req.onblocked = () => resolve();
      });
    },
  };
}
