/**
 * `npm run citus:sql`: prints the Citus commands that distribute the configured database's schema
 * by store (db/shard-rules.ts), after migrating it; docs/citus-distribution.sql is its output for
 * this version's migrations, and db/shard-keys.test.ts keeps the two equal. Fails, naming them,
 * when the schema breaks a rule Citus applies.
 */
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { postgresTables, sqliteTables } from './db/shard-catalog.ts';
import { citusDistributionSql } from './db/shard-rules.ts';

// Reading the schema needs no signing key: do not make loadConfig write one into DATA_DIR.
const config = loadConfig({ ...process.env, JWT_SECRET: process.env.JWT_SECRET || 'not-used-by-citus-sql' });
const database = openDatabase(config.database);
try {
  await migrateToLatest(database);
  const tables = database.kind === 'postgres' ? await postgresTables(database.db) : await sqliteTables(database.db);
  process.stdout.write(citusDistributionSql(tables));
} catch (error) {
  console.error(`Could not generate the Citus commands: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
