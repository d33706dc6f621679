import type { Kysely } from 'kysely';

/**
 * Billing (product.md §4, §7), written only by modules/billing.
 *
 * `billing_subscriptions`: one row per user who ever started premium: the provider's customer and
 * subscription ids, the state the UI shows, and `state_at` (epoch ms of the newest provider event
 * applied), so an older event arriving late never overwrites newer state. `past_due_since` starts
 * the grace period after a failed renewal. `users.premium` stays the one flag the limits read; this
 * table only decides it.
 *
 * `billing_invoices`: the billing history, amounts in minor units with their currency;
 * `provider_ref` (the provider's invoice id) is unique so a replayed or repeated event updates the
 * invoice it already recorded instead of adding a second one.
 *
 * `billing_events`: the ids of provider events already applied (idempotency). Inserted in the same
 * transaction as the event's effects, so a failed apply leaves no mark and the provider's retry
 * applies it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('billing_subscriptions')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text')
    .addColumn('subscription_id', 'text')
    .addColumn('interval', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('current_period_end', 'text')
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('past_due_since', 'text')
    .addColumn('state_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('billing_subscriptions_customer')
    .on('billing_subscriptions')
    .columns(['provider', 'customer_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('billing_invoices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('period_start', 'text')
    .addColumn('period_end', 'text')
    .addColumn('test_mode', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('billing_invoices_ref')
    .on('billing_invoices')
    .columns(['provider', 'provider_ref'])
    .unique()
    .execute();
  await db.schema
    .createIndex('billing_invoices_user')
    .on('billing_invoices')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('billing_events').execute();
  await db.schema.dropTable('billing_invoices').execute();
  await db.schema.dropTable('billing_subscriptions').execute();
}
