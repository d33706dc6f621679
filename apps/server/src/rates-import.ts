/**
 * `npm run rates:import -- <file-or-url>`: imports ECB reference rates (the daily, 90-day or full
 * history XML) into the configured database (DATA_DIR's SQLite, or DATABASE_URL), e.g. from cron on
 * a server without RATES_FEED_URL, or once from a downloaded file on a machine without internet.
 */
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { systemClock } from './lib/clock.ts';
import { ensureSnapshot, importFeed } from './modules/rates/index.ts';

const source = process.argv[2];
if (!source) {
  console.error('Usage: npm run rates:import -- <file-or-url of the ECB reference rates XML>');
  process.exit(2);
}

const config = loadConfig();
const database = openDatabase(config.database);
try {
  await migrateToLatest(database);
  const deps = { db: database.db, clock: systemClock };
  await ensureSnapshot(deps);
  const { days, rates } = await importFeed(deps, source);
  console.log(`Imported ${rates} exchange rates for ${days} day(s) from ${source}.`);
} catch (error) {
  console.error(`Could not import the rates: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
