let asked = false;

/**
 * Asks the browser once per page load to keep this site's storage under storage pressure
 * (navigator.storage.persist()), so queued sales are not evicted with the cache. Browsers
 * without the API, or that say no, still keep the queue in ordinary ("best effort") storage.
 */
export function requestPersistentStorage(): void {
  if (asked) return;
  asked = true;
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage || typeof storage.persist !== 'function') return;
  void (async () => {
    try {
      if (typeof storage.persisted === 'function' && (await storage.persisted())) return;
      if (!(await storage.persist())) console.info('The browser keeps queued sales in best-effort storage');
    } catch (e) {
      console.warn('Could not ask for persistent storage', e);
    }
  })();
}

/** Tests only. */
export function resetPersistRequestForTests(): void {
  asked = false;
}
