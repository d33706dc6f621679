/**
 * Kysely's PostgreSQL dialect, with one addition: a transaction begun inside
 * `asUnacknowledgedSteps` (unacknowledged-steps.ts) commits without waiting for its WAL flush.
 */
import { CompiledQuery, PostgresDialect, PostgresDriver, type DatabaseConnection, type Driver } from 'kysely';
import type { PostgresDialectConfig, TransactionSettings } from 'kysely';
import { inUnacknowledgedStep } from './unacknowledged-steps.ts';

class StepAwarePostgresDriver extends PostgresDriver {
  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (!inUnacknowledgedStep() || settings.isolationLevel || settings.accessMode) {
      await super.beginTransaction(connection, settings);
      if (inUnacknowledgedStep()) await connection.executeQuery(CompiledQuery.raw(NO_FLUSH_WAIT));
      return;
    }
    // One round trip: the simple query protocol runs both statements.
    await connection.executeQuery(CompiledQuery.raw(`begin; ${NO_FLUSH_WAIT}`));
  }
}

/** Only for this transaction: its COMMIT returns before its WAL record is flushed. */
const NO_FLUSH_WAIT = 'set local synchronous_commit = off';

/** `PostgresDialect` whose driver knows unacknowledged steps. */
export class StepAwarePostgresDialect extends PostgresDialect {
  readonly #config: PostgresDialectConfig;
  constructor(config: PostgresDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new StepAwarePostgresDriver(this.#config);
  }
}
