/**
 * The names of the counter catalogue databases on this device, kept in localStorage so a logout
 * can remove them without opening them, and without indexedDB.databases() (missing in older
 * Firefox). Imports nothing heavy: the app shell may load it to clear copies at logout.
 */
const REGISTRY_KEY = 'shopdesk-counter-catalogs';
/** Every counter catalogue database's name starts with this (catalog-db.ts names them). */
export const CATALOG_DB_PREFIX = 'shopdesk-counter-catalog:';

function read(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(REGISTRY_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((n): n is string => typeof n === 'string') : [];
  } catch {
    return [];
  }
}

function write(names: string[]): void {
  if (names.length) localStorage.setItem(REGISTRY_KEY, JSON.stringify(names));
  else localStorage.removeItem(REGISTRY_KEY);
}

export function rememberCatalogDb(name: string): void {
  const names = read();
  if (!names.includes(name)) write([...names, name]);
}

/** Whether any counter catalogue may be on this device (cheap: no IndexedDB call). */
export function hasCatalogDbs(): boolean {
  return read().length > 0;
}

function deleteDb(name: string): Promise<void> {
  return new Promise((resolve) => {
    const req = indexedDB.deleteDatabase(name);
    // A tab that does not close its connection delays the deletion until it does; the name stays
    // registered only if the deletion fails outright.
    req.onsuccess = () => resolve();
    req.onerror = () => resolve();
    req.onblocked = () => resolve();
  });
}

/** Deletes every counter catalogue on the device except those `keep` accepts. */
export async function removeCatalogDbs(keep: (name: string) => boolean = () => false): Promise<void> {
  const names = new Set(read());
  if (typeof indexedDB.databases === 'function') {
    const listed = await indexedDB.databases().catch(() => []);
    for (const { name } of listed) if (name?.startsWith(CATALOG_DB_PREFIX)) names.add(name);
  }
  const gone = [...names].filter((n) => !keep(n));
  await Promise.all(gone.map(deleteDb));
  write(read().filter((n) => !gone.includes(n)));
}
