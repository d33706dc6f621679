import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { BillingInvoicesTable, BillingSubscriptionsTable } from '../../db/types.ts';

export type SubscriptionRow = Selectable<BillingSubscriptionsTable>;
export type NewInvoiceRow = Insertable<BillingInvoicesTable>;
export type InvoiceRow = Selectable<BillingInvoicesTable>;

/**
 * Holds the user's row until the transaction ends on PostgreSQL, so billing writes for one user
 * take turns even before their subscription row exists (SQLite runs one write transaction at a
 * time, which gives the same guarantee). It is the row the free-tier limits lock too.
 */
export async function lockUser(db: DbOrTx, dbKind: 'sqlite' | 'postgres', userId: string): Promise<void> {
  if (dbKind !== 'postgres') return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** The user's subscription row; `locked` first takes the user's lock (see lockUser). */
export async function findSubscription(
  db: DbOrTx,
  userId: string,
  locked?: 'sqlite' | 'postgres',
): Promise<SubscriptionRow | undefined> {
  if (locked) await lockUser(db, locked, userId);
  return db.selectFrom('billing_subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function findSubscriptionByCustomer(
  db: DbOrTx,
  provider: string,
  customerId: string,
): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('billing_subscriptions')
    .selectAll()
    .where('provider', '=', provider)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

/** Inserts the row, or replaces every field of the user's existing one. */
export async function saveSubscription(db: DbOrTx, row: SubscriptionRow): Promise<void> {
  const { user_id: _userId, ...fields } = row;
  await db
    .insertInto('billing_subscriptions')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(fields))
    .execute();
}

/**
 * Users whose premium may have run out by `now`: still premium past a failed renewal's grace
 * (`pastDueBefore` = now − grace), still premium past the end of a cancelled period, or a demo
 * period past its end (renewed or ended). See billing.service settle.
 */
export async function lapsingUsers(db: DbOrTx, now: string, pastDueBefore: string): Promise<string[]> {
  const rows = await db
    .selectFrom('billing_subscriptions')
    .innerJoin('users', 'users.id', 'billing_subscriptions.user_id')
    .select('billing_subscriptions.user_id')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('billing_subscriptions.status', '=', 'PAST_DUE'),
          eb('users.premium', '>', 0),
          eb('billing_subscriptions.past_due_since', '<=', pastDueBefore),
        ]),
        eb.and([
          eb('billing_subscriptions.status', '=', 'ACTIVE'),
          eb('billing_subscriptions.current_period_end', '<=', now),
          eb.or([
            eb('billing_subscriptions.provider', '=', 'demo'),
            eb.and([eb('billing_subscriptions.cancel_at_period_end', '=', 1), eb('users.premium', '>', 0)]),
          ]),
        ]),
      ]),
    )
    .execute();
  return rows.map((r) => r.user_id);
}

export async function premiumOf(db: DbOrTx, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('premium').where('id', '=', userId).executeTakeFirst();
  return Number(row?.premium ?? 0) > 0;
}

export async function invoiceStatus(db: DbOrTx, provider: string, ref: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('billing_invoices')
    .select('status')
    .where('provider', '=', provider)
    .where('provider_ref', '=', ref)
    .executeTakeFirst();
  return row?.status;
}

export async function setPremium(db: DbOrTx, userId: string, premium: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ premium: premium ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}

/**
 * Records an invoice, or (same provider and provider_ref) updates the one already recorded: a paid
 * invoice that first failed becomes PAID; nothing is ever added twice.
 */
export async function upsertInvoice(db: DbOrTx, row: NewInvoiceRow): Promise<void> {
  if (row.provider_ref === null || row.provider_ref === undefined) {
    await db.insertInto('billing_invoices').values(row).execute();
    return;
  }
  const { status, amount, currency, description, period_start, period_end } = row;
  await db
    .insertInto('billing_invoices')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['provider', 'provider_ref'])
        .doUpdateSet({ status, amount, currency, description, period_start, period_end }),
    )
    .execute();
}

/** The user's invoices, newest first (the caller's own only: filtered by user). */
export function invoicesOf(db: DbOrTx, userId: string, limit: number): Promise<InvoiceRow[]> {
  return db
    .selectFrom('billing_invoices')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Claims a provider event id; false when it was applied before (a replay or a duplicate delivery). */
export async function claimEvent(
  db: DbOrTx,
  event: { id: string; provider: string; type: string; receivedAt: string },
): Promise<boolean> {
  const result = await db
    .insertInto('billing_events')
    .values({ id: event.id, provider: event.provider, type: event.type, received_at: event.receivedAt })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The user's email and default store's url name (checkout's customer and return address). */
export function checkoutUser(
  db: DbOrTx,
  userId: string,
): Promise<{ email: string; store_url: string | null } | undefined> {
  return db
    .selectFrom('users')
    .leftJoin('stores', 'stores.id', 'users.default_store_id')
    .select(['users.email', 'stores.url_name as store_url'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export async function userExists(db: DbOrTx, userId: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}
