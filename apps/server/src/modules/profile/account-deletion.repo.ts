import type { DbOrTx } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

/** Every table whose rows belong to a store (convention 5: they all carry `store_id`). */
type StoreDataTable = { [K in keyof Database]: 'store_id' extends keyof Database[K] ? K : never }[keyof Database];
/** Tables of a user's own rows (`user_id`) that are not store data. */
type UserDataTable = Exclude<
  { [K in keyof Database]: 'user_id' extends keyof Database[K] ? K : never }[keyof Database],
  StoreDataTable
>;

/**
 * When each store table is emptied: a lower step first, so no row is deleted while another still
 * references it (stock movements before their products). Typed as a Record so a new table with
 * a `store_id` does not compile until it is placed here, and account deletion cannot forget it.
 */
const STORE_TABLE_STEP: Record<StoreDataTable, number> = {
  stock_movements: 0,
  import_batches: 0,
  files: 0,
  store_exchange_rates: 0,
  shop_tenders: 0,
  shop_refund_lines: 0,
  receipt_codes: 0,
  receipt_templates: 0,
  payment_methods: 0,
  store_barcode_rules: 0,
  shift_cash: 0,
  shift_cash_moves: 0,
  product_tombstones: 0,
  // Emptied with products by their trigger; a row left by a failed step goes here.
  product_prices: 0,
  stat_hours: 0,
  stat_products_day: 0,
  stat_products_month: 0,
  stat_products_pending: 0,
  stat_tenders: 0,
  cargo_contents: 0,
  cargo_codes: 0,
  cargo_client_ops: 0,
  cargo_qr_tokens: 0,
  store_members: 0,
  store_invitations: 0,
  audit_events: 0,
  till_devices: 0,
  till_approval_uses: 0,
  display_pairings: 0,
  display_tokens: 0,
  customer_search_keys: 0,
  loyalty_entries: 0,
  stored_value_entries: 0,
  stored_value_accounts: 1,
  customers: 1,
  cargos: 1,
  shop_refunds: 1,
  shop_transaction_lines: 1,
  products: 1,
  shifts: 1,
  shop_transactions: 2,
  // Emptied with their products by the products' trigger; items left by a failed step go here.
  items: 2,
};

/** A user's own rows besides their stores; all reference `users.id`. Same Record rule as above. */
const USER_TABLES: Record<UserDataTable, true> = {
  sessions: true,
  email_confirmations: true,
  password_resets: true,
  billing_subscriptions: true,
  billing_invoices: true,
  support_requests: true,
};

/** Exported for the test that compares them with the database's real columns. */
export const STORE_DATA_TABLES = Object.keys(STORE_TABLE_STEP) as StoreDataTable[];
export const USER_DATA_TABLES = Object.keys(USER_TABLES) as UserDataTable[];

/** The stores the user owns (not merely can access: only an owner's account takes a store with it). */
export async function ownedStoreIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('stores').select('id').where('owner_id', '=', userId).execute();
  return rows.map((r) => r.id);
}

/** The images kept for these stores, so their bytes can be deleted once the rows are gone. */
export function storeFiles(db: DbOrTx, storeIds: string[]): Promise<Array<{ store_id: string; id: string }>> {
  if (storeIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('files').select(['store_id', 'id']).where('store_id', 'in', storeIds).execute();
}

/** Deletes the stores and every row of theirs, children before parents. Run it in a transaction. */
export async function deleteStores(db: DbOrTx, storeIds: string[]): Promise<void> {
  if (storeIds.length === 0) return;
  const steps = [...new Set(Object.values(STORE_TABLE_STEP))].sort((a, b) => a - b);
  for (const step of steps) {
    for (const table of STORE_DATA_TABLES.filter((t) => STORE_TABLE_STEP[t] === step)) {
      await db.deleteFrom(table).where('store_id', 'in', storeIds).execute();
    }
  }
  await db.deleteFrom('stores').where('id', 'in', storeIds).execute();
}

/** Deletes the user's memberships, sessions, mail tokens and the user row. Run it in a transaction. */
export async function deleteUser(db: DbOrTx, userId: string): Promise<void> {
  // Memberships in other owners' stores end with the account; what the member did keeps the id.
  await db.deleteFrom('store_members').where('user_id', '=', userId).execute();
  for (const table of USER_DATA_TABLES) await db.deleteFrom(table).where('user_id', '=', userId).execute();
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
