import { sql, type RawBuilder } from 'kysely';
import type { DbOrTx } from '../db/database.ts';

/**
 * Counts one hit in a fixed window, atomically on both engines (one upsert): a row whose window
 * started at or before `windowFloor` starts a new window at `now`. Returns the count after this hit
 * and the window's start.
 */
export function hitWindow(
  db: DbOrTx,
  hit: { key: string; action: string; now: string; windowFloor: string; expiresAt: string },
): Promise<{ count: number; window_start: string }> {
  return db
    .insertInto('auth_throttles')
    .values({
      key: hit.key,
      action: hit.action,
      count: 1,
      window_start: hit.now,
      blocked_until: null,
      attempt_id: null,
      expires_at: hit.expiresAt,
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const stale = eb('auth_throttles.window_start', '<=', hit.windowFloor);
        return {
          count: eb
            .case()
            .when(stale)
            .then(1)
            .else(eb('auth_throttles.count', '+', 1))
            .end(),
          window_start: eb.case().when(stale).then(hit.now).else(eb.ref('auth_throttles.window_start')).end(),
          expires_at: eb.case().when(stale).then(hit.expiresAt).else(eb.ref('auth_throttles.expires_at')).end(),
        };
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow()
    .then((row) => ({ count: Number(row.count), window_start: row.window_start }));
}

/**
 * Takes the next attempt slot of a growing-delay key in one atomic upsert (the same on both
 * engines): unless the row is blocked at `now`, it counts the attempt and blocks the key until
 * `blockedUntil[n - 1]` for the n-th attempt (the last entry for every later one). A row past its
 * `expires_at` starts over. Returns the row after the statement; the attempt got its slot when the
 * row carries its `attemptId`.
 */
export function takeSlot(
  db: DbOrTx,
  slot: {
    key: string;
    action: string;
    now: string;
    attemptId: string;
    blockedUntil: string[];
    expiresAt: string[];
  },
): Promise<{ attempt_id: string | null; blocked_until: string | null }> {
  const byAttempt = (values: string[]) =>
    sql<string>`case auth_throttles.count + 1 ${sql.join(
      values.slice(1, -1).map((value, i) => sql`when ${i + 2} then ${value}`),
      sql` `,
    )} else ${values.at(-1)!} end`;
  const next = (first: string, values: string[], blocked: RawBuilder<string | null>) =>
    sql<string>`case when auth_throttles.expires_at <= ${slot.now} then ${first}
      when auth_throttles.blocked_until > ${slot.now} then ${blocked} else ${byAttempt(values)} end`;
  const isOpen = sql<boolean>`(auth_throttles.expires_at <= ${slot.now}
    or auth_throttles.blocked_until is null or auth_throttles.blocked_until <= ${slot.now})`;
  return db
    .insertInto('auth_throttles')
    .values({
      key: slot.key,
      action: slot.action,
      count: 1,
      window_start: slot.now,
      blocked_until: slot.blockedUntil[0]!,
      attempt_id: slot.attemptId,
      expires_at: slot.expiresAt[0]!,
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when auth_throttles.expires_at <= ${slot.now} then 1
          when ${isOpen} then auth_throttles.count + 1 else auth_throttles.count end`,
        window_start: sql<string>`case when auth_throttles.expires_at <= ${slot.now} then ${slot.now}
          else auth_throttles.window_start end`,
        blocked_until: next(slot.blockedUntil[0]!, slot.blockedUntil, sql`auth_throttles.blocked_until`),
        expires_at: next(slot.expiresAt[0]!, slot.expiresAt, sql`auth_throttles.expires_at`),
        attempt_id: sql<string>`case when ${isOpen} then ${slot.attemptId} else auth_throttles.attempt_id end`,
      }),
    )
    .returning(['attempt_id', 'blocked_until'])
    .executeTakeFirstOrThrow();
}

export async function deleteThrottle(db: DbOrTx, key: string): Promise<void> {
  await db.deleteFrom('auth_throttles').where('key', '=', key).execute();
}

/** Drops rows that no longer limit anything, so the table stays as small as current activity. */
export async function pruneThrottles(db: DbOrTx, now: string): Promise<void> {
  await db.deleteFrom('auth_throttles').where('expires_at', '<', now).execute();
}
