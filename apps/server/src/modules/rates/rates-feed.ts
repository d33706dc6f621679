import { readFile } from 'node:fs/promises';
import { HOUR } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { MAX_FEED_BYTES, parseEcbXml } from './ecb-feed.ts';
import { importFeedDays, type RatesDeps } from './rates.service.ts';

/** How often a configured feed is fetched: the ECB publishes once a working day, around 16:00 CET. */
export const FEED_INTERVAL_MS = 6 * HOUR;

/** Reads a feed from an http(s) URL (30 s and MAX_FEED_BYTES at most) or, for the CLI, a file path. */
export async function readFeed(source: string): Promise<string> {
  if (!/^https?:\/\//i.test(source)) return readFile(source, 'utf8');
  const response = await fetch(source, { signal: AbortSignal.timeout(30_000), redirect: 'follow' });
  if (!response.ok || !response.body) throw new Error(`The rates feed answered ${response.status}`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > MAX_FEED_BYTES) throw new Error('The rates feed is larger than expected');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Fetches, parses and imports one feed. */
export async function importFeed(ctx: RatesDeps, source: string): Promise<{ days: number; rates: number }> {
  return importFeedDays(ctx, parseEcbXml(await readFeed(source)));
}

/**
 * With RATES_FEED_URL set, imports the feed at start and every FEED_INTERVAL_MS. A failed fetch is
 * logged and tried again next time; sales keep the last rate meanwhile. Several app processes may
 * each import: the same day's rates are simply written again. Returns a function that stops it and
 * waits for an import under way (so the database is not closed under it).
 */
export function startRatesFeed(ctx: AppContext, url: string): () => Promise<void> {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= importFeed(ctx, url)
      .then((r) => ctx.log.info({ ...r }, 'exchange rates imported'))
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'exchange rates feed failed; keeping the last rates'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, 0);
  const timer = setInterval(run, FEED_INTERVAL_MS);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
