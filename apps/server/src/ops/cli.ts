/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` (README, "Backups"): the configured
 * database (DATA_DIR's SQLite, or DATABASE_URL and DATABASE_SCHEMA) and DATA_DIR's files, into one
 * archive and back. A backup runs beside the live app; a restore only into an empty DATA_DIR and
 * an empty database schema.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { createBackup } from './backup.ts';
import { formatVerification } from './move-figures.ts';
import { RestoreRefused, restoreBackup } from './restore.ts';
import { MoveDiffers } from './sqlite-to-postgres.ts';

const [command, given] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !given) {
  console.error('Usage: npm run backup -- <file.tar.gz>   or   npm run restore -- <file.tar.gz>');
  process.exit(2);
}

// npm runs the script in apps/server; a relative path means the folder the command was typed in.
const file = resolve(process.env.INIT_CWD ?? process.cwd(), given);
// loadConfig writes a new JWT secret into a DATA_DIR that has none; neither command needs one, and
// a restore must find DATA_DIR as empty as the user left it (the backup brings its own secret).
const config = loadConfig({ ...process.env, JWT_SECRET: process.env.JWT_SECRET || 'not-used-by-backup-or-restore' });
const where =
  config.database.kind === 'sqlite'
    ? `SQLite in ${config.dataDir}`
    : `PostgreSQL schema ${config.database.schema ?? 'public'}, files in ${config.dataDir}`;

try {
  if (command === 'backup') {
    const started = Date.now();
    const summary = await createBackup(config, file);
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    console.log(
      `Backed up ${where} to ${summary.archive}: database ${mb(summary.databaseBytes)}, ${summary.files} file(s), archive ${mb(summary.archiveBytes)}, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } else {
    const started = Date.now();
    const summary = await restoreBackup(config, file, {
      progress: (line) => console.log(`  ${line} (${((Date.now() - started) / 1000).toFixed(0)} s)`),
    });
    if (summary.verification) {
      console.log(
        `\nMoved a ${summary.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} backup; every figure compared:\n`,
      );
      console.log(formatVerification(summary.verification));
      console.log('');
    }
    console.log(
      `Restored the backup of ${summary.createdAt} into ${where}: ${summary.files} file(s)${summary.migration ? `, database at migration ${summary.migration}` : ''}, in ${((Date.now() - started) / 1000).toFixed(1)} s (peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB). Start the app to use it.`,
    );
  }
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof MoveDiffers) console.error(`${formatVerification(error.rows)}\n`);
  console.error(error instanceof RestoreRefused ? message : `The ${command} failed: ${message}`);
  process.exitCode = 1;
}
