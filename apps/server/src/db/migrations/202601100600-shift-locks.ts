import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A closed shift's Z report is never edited, and the database itself says so: triggers refuse any
 * UPDATE of a closed shift or of a currency's closing figures, and any pay-in or pay-out added to a
 * closed shift, whatever code runs the statement. Deleting stays possible (an account deletion
 * takes its stores' shifts with it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`CREATE OR REPLACE FUNCTION shift_locked() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'a closed shift is locked' USING ERRCODE = 'check_violation'; END $$`.execute(db);
    await sql`CREATE TRIGGER shifts_closed_locked BEFORE UPDATE ON shifts
      FOR EACH ROW WHEN (OLD.status = 'CLOSED') EXECUTE FUNCTION shift_locked()`.execute(db);
    await sql`CREATE TRIGGER shift_cash_closed_locked BEFORE UPDATE ON shift_cash
      FOR EACH ROW WHEN (OLD.counted IS NOT NULL) EXECUTE FUNCTION shift_locked()`.execute(db);
    await sql`CREATE OR REPLACE FUNCTION shift_move_locked() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM shifts WHERE id = NEW.shift_id AND status = 'CLOSED') THEN
          RAISE EXCEPTION 'a closed shift is locked' USING ERRCODE = 'check_violation';
        END IF;
        RETURN NEW;
      END $$`.execute(db);
    await sql`CREATE TRIGGER shift_cash_moves_closed_locked BEFORE INSERT ON shift_cash_moves
      FOR EACH ROW EXECUTE FUNCTION shift_move_locked()`.execute(db);
    return;
  }
  await sql`CREATE TRIGGER shifts_closed_locked BEFORE UPDATE ON shifts WHEN OLD.status = 'CLOSED'
    BEGIN SELECT RAISE(ABORT, 'a closed shift is locked'); END`.execute(db);
  await sql`CREATE TRIGGER shift_cash_closed_locked BEFORE UPDATE ON shift_cash WHEN OLD.counted IS NOT NULL
    BEGIN SELECT RAISE(ABORT, 'a closed shift is locked'); END`.execute(db);
  await sql`CREATE TRIGGER shift_cash_moves_closed_locked BEFORE INSERT ON shift_cash_moves
    WHEN (SELECT status FROM shifts WHERE id = NEW.shift_id) = 'CLOSED'
    BEGIN SELECT RAISE(ABORT, 'a closed shift is locked'); END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [trigger, table] of [
    ['shift_cash_moves_closed_locked', 'shift_cash_moves'],
    ['shift_cash_closed_locked', 'shift_cash'],
    ['shifts_closed_locked', 'shifts'],
  ] as const) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(trigger)} ON ${sql.raw(table)}`.execute(db);
  }
}
