-- Generated from the migrated schema by citusDistributionSql (apps/server/src/db/shard-rules.ts);
-- shard-keys.test.ts fails when this file and the schema disagree. Run on the Citus coordinator,
-- after the migrations, with the coordinator in the metadata (citus_set_coordinator_host).

-- Reference tables: a copy on every node.
SELECT create_reference_table('users'); -- files.owner_id and stores.owner_id point at it
SELECT create_reference_table('stores'); -- every store table points at it (store_id)
SELECT create_reference_table('exchange_rates'); -- shared by every store: read when a store converts its second currency
SELECT create_reference_table('store_members'); -- read with every store-scoped call (access), joined to stores by the router before the store is known

-- Store tables, distributed by store_id and co-located: one store’s rows are on one node.
SELECT create_distributed_table('audit_events', 'store_id');
SELECT create_distributed_table('cargo_client_ops', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('cargos', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('cargo_contents', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('customer_search_keys', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('customers', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('display_pairings', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('files', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('import_batches', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('items', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('loyalty_entries', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('payment_methods', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('product_prices', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('product_tombstones', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('products', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('receipt_templates', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('shifts', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('shift_cash', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('shift_cash_moves', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('shop_transactions', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('shop_refunds', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('shop_refund_lines', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('shop_tenders', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('shop_transaction_lines', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('stat_hours', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('stat_products_day', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('stat_products_month', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('stat_products_pending', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('stat_tenders', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('stock_movements', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('store_barcode_rules', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('store_exchange_rates', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('store_invitations', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('stored_value_accounts', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('stored_value_entries', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('till_approval_uses', 'store_id', colocate_with => 'audit_events');
SELECT create_distributed_table('till_devices', 'store_id', colocate_with => 'audit_events');

-- Local tables, kept on the coordinator (their keys to reference tables make Citus add them to
-- its metadata, citus.enable_local_reference_table_foreign_keys):
--   auth_throttles: rate-limit counters keyed by address, email or user
--   billing_events: webhook events of the payment provider, deduplicated by their id
--   billing_invoices: invoices of the owner (a user)
--   billing_subscriptions: premium belongs to the owner (a user), not to one store
--   cargo_codes: the cargo code -> store lookup, like receipt_codes: a cargo code is unique across stores (product.md §5)
--   cargo_qr_tokens: the QR hand-over token -> cargo lookup: a receiver in another store redeems it knowing only the token
--   display_tokens: the display token -> pairing lookup: a customer display knows only its token (no store), like receipt_codes
--   email_confirmations: sign-up confirmation of a user
--   free_tier_usage: free-tier counters of the owner (a user), across their stores
--   kysely_migration: the migration log
--   kysely_migration_lock: the migration lock
--   password_resets: password reset of a user
--   receipt_codes: the public code -> store lookup (convention 5): a receipt code is unique across stores and routes to its store
--   sessions: a login of a user, not of a store
--   support_requests: a message from a user to support
