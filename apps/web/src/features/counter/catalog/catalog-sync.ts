import { ApiRequestError } from '../../../lib/api-error.ts';
import { productChanges } from './catalog-api.ts';
import { fromProduct, putProducts, readMeta, type CatalogDb } from './catalog-db.ts';

/**
 * One run of the changes feed into the local copy (loaded on first use, off the counter's first
 * load). Each page and the cursor after it are written in one IndexedDB transaction, so a reload
 * or a closed tab resumes exactly where the last written page ended, and a page is never half
 * applied. Between pages the main thread is handed back, so scans and typing stay smooth.
 */
export interface SyncOptions {
  /** Products per page: a few hundred keeps each page's parse and write well under a frame budget. */
  pageSize: number;
  /** Asked before each further page: false stops the run (offline, counter closed). */
  shouldContinue: () => boolean;
}

/** Resolves after the browser had a chance to handle input and paint. */
function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function isBadCursor(e: unknown): boolean {
  return e instanceof ApiRequestError && e.status === 400 && 'since' in e.fieldErrors;
}

/** Applies pages until the feed has no more or `shouldContinue` says stop; true when at the end. */
export async function runSync(db: CatalogDb, store: string, opts: SyncOptions): Promise<boolean> {
  let restarted = false;
  for (;;) {
    const meta = await readMeta(db);
    let page;
    try {
      page = await productChanges(store, meta.cursor, opts.pageSize);
    } catch (e) {
      // A cursor the server no longer reads (e.g. another feed format): replay from the start.
      // Upserts are idempotent and older copies never replace newer ones, so nothing is lost.
      if (!isBadCursor(e) || restarted) throw e;
      restarted = true;
      await db.put('meta', { complete: false, lastSyncAt: meta.lastSyncAt }, 'sync');
      continue;
    }
    const atEnd = !page.more;
    await putProducts(
      db,
      page.items.map(fromProduct),
      page.deleted.map((d) => d.id),
      {
        cursor: page.next,
        complete: meta.complete || atEnd,
        lastSyncAt: atEnd ? Date.now() : meta.lastSyncAt,
      },
    );
    if (atEnd) return true;
    await yieldToMain();
    if (!opts.shouldContinue()) return false;
  }
}
