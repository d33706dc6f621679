/**
 * `npm run support:export -- [--json] [file]`: every stored support request (README, "Support"),
 * as CSV (default) or JSON, to the file or to the terminal. How the administrator of an
 * installation reads the requests, in particular one without SUPPORT_EMAIL, where they are only
 * stored.
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { exportSupportRequests } from './modules/support/index.ts';

const args = process.argv.slice(2);
const format = args.includes('--json') ? 'json' : 'csv';
const given = args.find((a) => !a.startsWith('--'));
if (args.some((a) => a.startsWith('--') && a !== '--json')) {
  console.error('Usage: npm run support:export -- [--json] [file]');
  process.exit(2);
}

// Reading needs no signing key: do not make loadConfig write one into a DATA_DIR that has none.
const config = loadConfig({ ...process.env, JWT_SECRET: process.env.JWT_SECRET || 'not-used-by-support-export' });
const database = openDatabase(config.database);
try {
  await migrateToLatest(database);
  const text = await exportSupportRequests(database.db, format);
  if (given) {
    // npm runs the script in apps/server; a relative path means the folder the command was typed in.
    const file = resolve(process.env.INIT_CWD ?? process.cwd(), given);
    await writeFile(file, text);
    console.error(`Wrote the support requests as ${format.toUpperCase()} to ${file}.`);
  } else {
    process.stdout.write(text);
  }
} catch (error) {
  console.error(`Could not export the support requests: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
