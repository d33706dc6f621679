import type { ColumnType, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';

/**
 * Table types. Timestamps are ISO-8601 UTC strings (`Date#toISOString`) in text columns on both
 * engines: they sort and compare correctly as text and read back identically from SQLite and
 * PostgreSQL, with no driver-specific date parsing.
 */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  name: string;
  locale: string;
  image_id: string | null;
  default_store_id: string | null;
  premium: number;
  email_confirmed_at: string | null;
  created_at: string;
}

/**
 * What a free owner has used of one free limit (migration 202611271300): `period` is '' for
 * products and cargos, the month (YYYY-MM) for sales. Read and written by modules/plans only.
 */
export interface FreeTierUsageTable {
  owner_id: string;
  kind: string;
  period: string;
  used: number;
}

/**
 * Who may act on a store (migration 202611280100): the owner's row and its members'.
 * Read and written through modules/access and the members service only.
 */
export interface StoreMembersTable {
  store_id: string;
  user_id: string;
  /** OWNER, MANAGER or CASHIER. */
  role: string;
  /** JSON array of permission names (product.md §2); ignored for the OWNER, who has all. */
  permissions: ColumnType<string, string | undefined, string>;
  /** Basis points of a line or the cart a member may discount without approval. */
  max_discount: ColumnType<number, number | undefined, number>;
  /** The till PIN as a salted slow hash; null until set. */
  pin_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** The hash before an upgrade of the same PIN to today's cost (migration 202612051700); null otherwise. */
  previous_pin_hash?: string | null;
  created_at: string;
  updated_at: string;
}

export interface StoresTable {
  id: string;
  /** The creator, the one who pays; access goes through `store_members` (its OWNER row). */
  owner_id: string;
  url_name: string;
  name: string;
  main_currency: string;
  second_currency: string | null;
  timezone: string;
  address: string;
  phone: string;
  created_at: string;
  /** NONE, INCLUSIVE (prices include tax) or EXCLUSIVE (tax added at the counter). */
  tax_mode: ColumnType<string, string | undefined, string>;
  /** Basis points. */
  default_tax_rate: ColumnType<number, number | undefined, number>;
  /** Cash rounding increment in main minor units; 0 = none. */
  cash_rounding: ColumnType<number, number | undefined, number>;
  /** 1 when the store works in shifts (closing the till). */
  shifts_enabled: ColumnType<number, number | undefined, number>;
  /** When shifts were last turned on (ISO); the next shift adopts what was sold without one since. */
  shifts_enabled_at?: ColumnType<string | null, string | null | undefined, string | null>;
  /** PER_LINE or PER_RATE; a yen store with a registration number is PER_RATE whatever this says. */
  tax_calculation: ColumnType<string, string | undefined, string>;
  /** How a PER_RATE tax is rounded: HALF_UP, DOWN or UP. */
  tax_rounding: ColumnType<string, string | undefined, string>;
  /** The store's tax registration number (a yen store's: T and 13 digits); null: none. */
  tax_registration_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: a till locks after each sale. */
  lock_after_sale: ColumnType<number, number | undefined, number>;
  /** A till locks after this many idle minutes; 0 = never. */
  idle_lock_minutes: ColumnType<number, number | undefined, number>;
  /** Loyalty programme (customers.ts LoyaltySettings): 1 = on. */
  loyalty_enabled: ColumnType<number, number | undefined, number>;
  /** Basis points of the amount paid earned as points. */
  loyalty_earn_rate: ColumnType<number, number | undefined, number>;
  /** Minor units one point takes off. */
  loyalty_point_value: ColumnType<number, number | undefined, number>;
  loyalty_min_redeem: ColumnType<number, number | undefined, number>;
  /** Points expire after this many months without a visit; null = never. */
  loyalty_expiry_months: ColumnType<number | null, number | null | undefined, number | null>;
  /** The expiry job's last run for this store (ISO), so it runs once a day. */
  loyalty_expired_through: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 or 0: new gift cards expire 6 months after issue; null: on for a yen store (資金決済法). */
  sv_expire_six_months: ColumnType<number | null, number | null | undefined, number | null>;
  /** Printed on cards and receipts: where the card is usable, whom to ask. */
  sv_usable_at: ColumnType<string, string | undefined, string>;
  sv_contact: ColumnType<string, string | undefined, string>;
  /** The last business date the stored-value expiry job handled. */
  sv_expired_through: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  user_agent: string | null;
}

export interface EmailConfirmationsTable {
  id: string;
  user_id: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface PasswordResetsTable {
  id: string;
  user_id: string;
  code_hash: string;
  code_expires_at: string;
  attempts: number;
  code_used_at: string | null;
  reset_token_hash: string | null;
  reset_expires_at: string | null;
  used_at: string | null;
  created_at: string;
}

export interface ProductsTable {
  id: string;
  store_id: string;
  code: string;
  name: string;
  name_key: string;
  brand: string;
  description: string;
  category: string;
  price: number;
  cost: number;
  quantity: number;
  image_id: string | null;
  /** Low-stock threshold; null when the owner set none. */
  reorder_level: number | null;
  /** The product's own tax rate in basis points; null = the store's default rate. */
  tax_rate: number | null;
  /** EACH, KG, L or M; a measured product's quantities are integer thousandths of the unit. */
  unit: string;
  search: string;
  created_at: string;
  /** When the product itself was last created or edited (its details, not its stock). */
  updated_at: string;
  /**
   * When the ledger last changed its quantity (a sale, refund, cargo, count or adjustment); null
   * while it holds its opening stock. Kept apart from `updated_at`, which is indexed, so a sale
   * rewrites the product's row and quantity index entry but not its place in the updated-at index.
   */
  quantity_changed_at: string | null;
  /** The item it is a variant of (migration 202612060100): its own id when it stands alone. */
  item_id: string;
  /** JSON array: one value per option of its item, in the options' order; '[]' for none. */
  option_values: ColumnType<string, string | undefined, string>;
  /** Its place among its item's variants. */
  variant_position: ColumnType<number, number | undefined, number>;
  /** When the owner retired this variant: offered nowhere new, history and stock kept. */
  retired_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * An item: the variants' common name, brand, description, category, image and options (migration
 * 202612060100). Items without options mirror their only product (triggers); items with options are
 * written by modules/products' items service only.
 */
export interface ItemsTable {
  store_id: string;
  id: string;
  /** The CSV's item handle, unique in the store; null until given or generated. */
  handle: string | null;
  name: string;
  name_key: string;
  brand: string;
  description: string;
  category: string;
  image_id: string | null;
  /** JSON `[{name, values: string[]}]`, at most 3 options. */
  options: string;
  created_at: string;
  updated_at: string;
}

/**
 * The store's audit log (migration 202611280900): who did what, written with the write it records.
 * Read and written through modules/audit only.
 */
export interface AuditEventsTable {
  store_id: string;
  id: string;
  at: string;
  user_id: string;
  /** The member whose PIN approved the action on a till, or null. */
  approved_by: string | null;
  /** The till it was made on (till_devices.id); null from a person's own session. */
  device_id?: string | null;
  /** How the approval was given: ONLINE (a server grant) or OFFLINE (a proof checked at sync); null: none. */
  approval_mode?: string | null;
  /** One of packages/shared AUDIT_ACTIONS. */
  action: string;
  /** What was written: PRODUCT, CARGO, SHIFT, STORE, MEMBER, REFUND, SALE. */
  entity: string;
  /** The product's barcode, the cargo's code, the receipt code...; '' when the entity has none. */
  entity_code: string;
  summary: string;
  /** Money the event moved (a refund, a cash move), minor units of the main currency; null for none. */
  amount: number | null;
  /** The device's id of a repeatable event (NO_SALE), unique per store; null for the others. */
  client_id: string | null;
  /** Fingerprint of that event's request body: the same client_id with another one is a 409. */
  request_hash: string | null;
  /** The shift a NO_SALE belongs to (open then, or adopting it when it opens); null otherwise. */
  shift_id: string | null;
}

export interface StockMovementsTable {
  id: string;
  store_id: string;
  product_id: string;
  delta: number;
  reason: string;
  ref_code: string | null;
  user_id: string | null;
  note: string;
  /** Why an ADJUSTMENT changed the stock (RECEIVED, DAMAGED, THEFT, CORRECTION, OWN_USE); null otherwise. */
  adjustment_reason: string | null;
  created_at: string;
}

export interface FilesTable {
  store_id: string;
  id: string;
  owner_id: string;
  kind: string;
  mime: string;
  size: number;
  created_at: string;
  updated_at: string;
}

export interface ImportBatchesTable {
  store_id: string;
  import_id: string;
  batch: number;
  /** The batch's ImportBatchResult as JSON, returned again when the batch is retried. */
  result: string;
  created_at: string;
}

/** One auth rate-limit counter (lib/rate-limit.ts); `key` hashes action, scope and value. */
export interface AuthThrottlesTable {
  key: string;
  action: string;
  count: number;
  window_start: string;
  blocked_until: string | null;
  attempt_id: string | null;
  expires_at: string;
}

/** The EUR reference rates of each day by source (global data, not a store's). */
export interface ExchangeRatesTable {
  base: string;
  quote: string;
  /** YYYY-MM-DD the rate was published for. */
  date: string;
  /** ECB, PEG or SNAPSHOT. */
  source: string;
  /** Decimal text: units of `quote` per unit of `base`. */
  rate: string;
  imported_at: string;
}

/** A store's manual main → second rate, which wins over the imported ones for that store. */
export interface StoreExchangeRatesTable {
  store_id: string;
  base: string;
  quote: string;
  rate: string;
  set_at: string;
  set_by: string;
}

/** A sale, parked or completed (product.md §4); amounts are main-currency minor units. */
export interface ShopTransactionsTable {
  id: string;
  store_id: string;
  code: string;
  client_id: string;
  status: string;
  user_id: string;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  /** YYYY-MM-DD in the store's timezone of sold_at: the day of the sale (parked: of parking). */
  business_date: string;
  currency: string;
  second_currency: string | null;
  rate: string | null;
  rate_date: string | null;
  rate_source: string | null;
  tax_mode: string;
  discount_kind: string | null;
  discount_value: number | null;
  gross: number;
  line_discounts: number;
  cart_discount: number;
  tax: number;
  total: number;
  rounding: number;
  due: number;
  change_in_main: number;
  refunded_amount: number;
  /** JSON of TaxBucket[]. */
  taxes: string;
  item_count: number;
  /** The first few item names, for lists and search. */
  first_items: string;
  note: string;
  /** The shift open when the sale was completed; null or absent: none was. */
  shift_id?: string | null;
  /** The device's time of the sale (ISO UTC); created_at is when the server stored it. */
  sold_at: string;
  /** Fingerprint of the create request's content (sale-fingerprint.ts); null for sales from before it. */
  request_hash: string | null;
  /** The clientId and fingerprint of the request that completed this held cart. */
  completion_client_id: string | null;
  completion_hash: string | null;
  /**
   * On a till: the member whose PIN approved what the seller lacked. Always set, also to null: on
   * PostgreSQL the sale function stores only the keys the header carries.
   */
  approved_by: string | null;
  /** The till it was made on (till_devices.id); null from a person's own session. */
  device_id?: string | null;
  /** How the approval was given: ONLINE (a server grant) or OFFLINE (a proof checked at sync); null: none. */
  approval_mode?: string | null;
  /** How the sale's tax was computed (PER_LINE, PER_RATE) and rounded; null: from before the column, PER_LINE. */
  tax_calculation: string | null;
  tax_rounding: string | null;
  /** The store's tax registration number when the sale was made; null: none then (qualified invoices). */
  tax_registration_number: string | null;
  /** The sale's customer, as it was at the sale (id, member code, name); null: none, or anonymised since. */
  customer_id?: string | null;
  customer_code?: string | null;
  customer_name?: string | null;
  /** Points earned at completion, redeemed as the discount, the customer's balance right after; null: no customer. */
  points_earned?: number | null;
  points_redeemed?: number | null;
  points_balance?: number | null;
  /** Minor units the redeemed points took off (spread over the lines' `points_discount`). */
  points_discount?: number | null;
  /** 1: an offline sale redeemed more points than the balance held at sync (exceptions report). */
  points_overdrawn?: number | null;
}

export interface ShopTransactionLinesTable {
  id: string;
  store_id: string;
  transaction_id: string;
  position: number;
  product_id: string | null;
  code: string | null;
  name: string;
  unit_price: number;
  unit_cost: number;
  quantity: number;
  refunded_quantity: number;
  discount_kind: string | null;
  discount_value: number | null;
  line_discount: number;
  cart_discount: number;
  net: number;
  tax: number;
  tax_rate: number;
  total: number;
  /** The unit the line was sold in (EACH, KG, L, M): a measured line's quantity is thousandths. */
  unit: string;
  /** The price on a price-embedded label, which is what the line costs; null otherwise. */
  label_price: number | null;
  /** 1: the price is not the catalogue's (PRICE_OVERRIDE), as the server decided; 0 otherwise. */
  price_override: number;
  /**
   * A catalogue line's product price in effect at the sale's time (product.md §2), kept beside an
   * override's price; null for an open-price line and for lines sold before it was kept.
   */
  catalogue_price: number | null;
  /** The price-embedded label whose price the server read for this line; null otherwise. */
  label_code: string | null;
  /** The line's share of the points discount (minor units, inside `cart_discount`), of the points earned and used. */
  points_discount?: number;
  points_earned?: number;
  points_used?: number;
  /** A gift card line: the card it sold (stored_value_accounts.code). */
  gift_card_code?: string | null;
}

export interface ShopRefundsTable {
  id: string;
  store_id: string;
  transaction_id: string;
  client_id: string;
  user_id: string;
  created_at: string;
  business_date: string;
  /** 1 when the goods went back into stock. */
  restock: number;
  amount: number;
  tax: number;
  note: string;
  /** Fingerprint of the refund request's content (request-fingerprint.ts); null for refunds from before it. */
  request_hash: string | null;
  /** On a till: the member whose PIN approved the refund the seller could not make. */
  approved_by?: string | null;
  /** The till it was made on (till_devices.id); null from a person's own session. */
  device_id?: string | null;
  /** How the approval was given: ONLINE (a server grant) or OFFLINE (a proof checked at sync); null: none. */
  approval_mode?: string | null;
  /** The shift open when the money went back; null or absent: none was. */
  shift_id?: string | null;
  /** Points this refund took back of what its lines earned, and gave back of what they used. */
  points_reversed?: number;
  points_returned?: number;
  /** 1: the refund paid into the sale's customer's store credit. */
  to_store_credit?: number;
}

export interface ShopRefundLinesTable {
  id: string;
  store_id: string;
  refund_id: string;
  transaction_id: string;
  line_id: string;
  quantity: number;
  amount: number;
  tax: number;
  /** Units put back in stock: 0 without restock, or when the product was deleted since the sale. */
  restocked: number;
}

export interface ShopTendersTable {
  id: string;
  store_id: string;
  transaction_id: string;
  /** Null for the sale's own tenders; a refund's id for money given back. */
  refund_id: string | null;
  position: number;
  method: string;
  currency: string;
  amount: number;
  applied: number;
  change: number;
  change_in_main: number;
  /** The currency the change was handed back in when not the tender's own (the main one); null: its own. */
  change_currency?: string | null;
  /** The store's payment method (migration 202611280200); null on tenders stored before it. */
  payment_method_id?: string | null;
  /** The method's own name, default name and kind when the tender was made (its snapshot). */
  method_name?: string | null;
  method_default_name?: string | null;
  method_kind?: string | null;
  /** The slip's or transaction number. */
  reference?: string | null;
  /** A STORED_VALUE tender: the card's code and its balance after the tender. */
  card_code?: string | null;
  card_balance?: number | null;
}

/**
 * A store's payment method (PaymentMethod). No rows: the store has its currency's defaults.
 * `deleted_at` set: taken off the list, kept so reports still name it.
 */
export interface PaymentMethodsTable {
  store_id: string;
  id: string;
  name: string | null;
  default_name: string | null;
  kind: string;
  needs_reference: number;
  opens_drawer: number;
  enabled: number;
  position: number;
  deleted_at: string | null;
}

/** Public receipt code → store (a global lookup of store data, convention 5, like cargo_codes). */
export interface ReceiptCodesTable {
  code: string;
  store_id: string;
  transaction_id: string;
}

/** A store's receipt template (product.md §4); booleans are 0/1. No row: the default template. */
/** Support requests (migration 202601120500-support-requests), written only by modules/support. */
export interface SupportRequestsTable {
  id: string;
  user_id: string;
  reply_to: string;
  subject: string;
  message: string;
  /** The support address it was mailed to; null: stored only. */
  mailed_to: string | null;
  created_at: string;
}

/** A store's rule for reading scale labels (product.md §4 BarcodeRule). */
export interface StoreBarcodeRulesTable {
  store_id: string;
  id: string;
  prefix: string;
  item_digits: number;
  value_digits: number;
  value: string;
  decimals: number;
  /** 1 or 0. */
  value_check_digit: number;
  position: number;
}

export interface ReceiptTemplatesTable {
  store_id: string;
  header_text: string;
  footer_text: string;
  show_logo: number;
  show_store_name: number;
  show_address: number;
  show_phone: number;
  show_second_currency: number;
  show_qr: number;
  /** Prints "Served by <first name>" (migration 202611281140); 0 for templates saved before. */
  show_served_by: number;
  paper_width: number;
  updated_at: string;
}

/** A shift of a store's till (closing the till); `totals` is JSON, written when it closes. */
export interface ShiftsTable {
  id: string;
  store_id: string;
  number: number;
  status: string;
  opened_at: string;
  opened_by: string;
  closed_at: string | null;
  closed_by: string | null;
  totals: string | null;
}

/** A shift's cash in one currency: the float from opening, the rest written once at closing. */
export interface ShiftCashTable {
  store_id: string;
  shift_id: string;
  currency: string;
  float: number;
  cash_sales: number | null;
  cash_refunds: number | null;
  pay_ins: number | null;
  pay_outs: number | null;
  expected: number | null;
  counted: number | null;
  difference: number | null;
  /** JSON of DenominationCount[]. */
  denominations: string | null;
}

/** A pay-in or pay-out of a shift. */
export interface ShiftCashMovesTable {
  id: string;
  store_id: string;
  shift_id: string;
  client_id: string;
  kind: string;
  currency: string;
  amount: number;
  reason: string;
  user_id: string;
  created_at: string;
}

/** Report aggregates (migration 202601100700-statistics), written and read only by modules/statistics. */
export interface StatHoursTable {
  store_id: string;
  business_date: string;
  hour: number;
  /** 0–7, from the sale's or refund's id, so concurrent sales add to different rows (reads sum the slots). */
  slot: number;
  sales_count: number;
  refund_count: number;
  items_sold: number;
  items_refunded: number;
  gross_sales: number;
  refunds: number;
  discounts: number;
  tax: number;
  refunded_tax: number;
  cost: number;
  refunded_cost: number;
}

interface StatProductFigures {
  store_id: string;
  product_key: string;
  product_id: string | null;
  code: string | null;
  name: string;
  quantity: number;
  refunded_quantity: number;
  revenue: number;
  refunded_revenue: number;
  cost: number;
  refunded_cost: number;
}

export interface StatProductsDayTable extends StatProductFigures {
  business_date: string;
}

export interface StatProductsMonthTable extends StatProductFigures {
  month: string;
}

/** A sale's or refund's product figures on SQLite until the fold adds them up (migration 202611291400). */
export interface StatProductsPendingTable extends StatProductFigures {
  /** The store's rows in the order written. */
  seq: number;
  business_date: string;
}

export interface StatTendersTable {
  store_id: string;
  business_date: string;
  method: string;
  currency: string;
  /** As stat_hours.slot. */
  slot: number;
  sales_count: number;
  refund_count: number;
  taken: number;
  taken_in_main: number;
  refunded: number;
  refunded_in_main: number;
}

/** A deleted product, for devices syncing the catalogue (GET /product/changes). */
/** Each price a product had, since when (its `updated_at` at the change): written by triggers. */
export interface ProductPricesTable {
  store_id: string;
  product_id: string;
  effective_at: string;
  price: number;
}

export interface ProductTombstonesTable {
  store_id: string;
  product_id: string;
  code: string;
  deleted_at: string;
}

/** Billing (migration 202601120000-billing), written only by modules/billing. Booleans are 0/1. */
export interface BillingSubscriptionsTable {
  user_id: string;
  provider: string;
  customer_id: string | null;
  subscription_id: string | null;
  interval: string | null;
  status: string;
  current_period_end: string | null;
  cancel_at_period_end: number;
  past_due_since: string | null;
  /** Epoch ms of the newest provider event applied (ordering of late events). */
  state_at: number;
  updated_at: string;
}

export interface BillingInvoicesTable {
  id: string;
  user_id: string;
  provider: string;
  provider_ref: string | null;
  created_at: string;
  description: string;
  amount: number;
  currency: string;
  status: string;
  period_start: string | null;
  period_end: string | null;
  test_mode: number;
}

export interface BillingEventsTable {
  id: string;
  provider: string;
  type: string;
  received_at: string;
}

/** A shipment; `received` = 1 when it was handed over from another store. */
export interface CargosTable {
  id: string;
  store_id: string;
  code: string;
  name: string;
  origin: string;
  note: string;
  status: string;
  search: string;
  transferred_from: string | null;
  transferred_to: string | null;
  received: number;
  handed_to_store_id: string | null;
  handed_to_cargo_id: string | null;
  created_by: string;
  arrived_at: string | null;
  created_at: string;
  updated_at: string;
  /** Raised by every change of the cargo or its lines (migration 202611270000-cargo-revision). */
  revision: number;
}

/** One line of a cargo: a product code with the quantity sent and, on receipt, counted. */
export interface CargoContentsTable {
  id: string;
  store_id: string;
  cargo_id: string;
  code: string;
  name: string;
  brand: string;
  quantity: number;
  received_quantity: number | null;
  price: number;
  price_converted: number;
  source_content_id: string | null;
  /** KG, L or M when the line is measured without a product saying so (migration 202611281500); else null. */
  unit: string | null;
  created_at: string;
  updated_at: string;
  /**
   * The line's item when it names a variant of an item with options (migration 202612060210), so a
   * receiving store creates the variant under an item like it; all null otherwise.
   */
  item_name: string | null;
  item_handle: string | null;
  /** JSON `[{name, values[]}]`. */
  item_options: string | null;
  /** JSON array, one value per option. */
  option_values: string | null;
}

/** Cargo code → store and cargo: keeps a cargo code unique across stores (like receipt codes). */
export interface CargoCodesTable {
  code: string;
  store_id: string;
  cargo_id: string;
}

/** A cargo difference already applied, by the device's clientId (replays apply once). */
export interface CargoClientOpsTable {
  store_id: string;
  client_id: string;
  cargo_id: string;
  content_id: string;
  created_at: string;
}

/** A QR hand-over token: the hash of its nonce, what it hands over, until when, and its one use. */
export interface CargoQrTokensTable {
  nonce_hash: string;
  store_id: string;
  cargo_id: string;
  expires_at: string;
  used_at: string | null;
  used_by: string | null;
  created_by: string;
  created_at: string;
}

/** Invitations to a store (migration 202611280600): modules/members only. */
export interface StoreInvitationsTable {
  store_id: string;
  id: string;
  /** Lowercased. */
  email: string;
  /** MANAGER or CASHIER. */
  role: string;
  /** JSON array of permission names the member gets. */
  permissions: string;
  /** Basis points. */
  max_discount: number;
  /** SHA-256 of the token's nonce: the token itself is never stored. */
  nonce_hash: string;
  invited_by: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: string | null;
  created_at: string;
}

export interface TillDevicesTable {
  store_id: string;
  id: string;
  name: string;
  /** SHA-256 (hex) of the till token's secret part. */
  token_hash: string;
  created_by: string;
  created_at: string;
  last_seen_at: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
}

/** A customer display paired to a store (issue 45): only its token's hash, and the newest state. */
export interface DisplayPairingsTable {
  store_id: string;
  id: string;
  name: string;
  /** SHA-256 (hex) of the display token. */
  token_hash: string;
  created_by: string;
  created_at: string;
  revoked_at: string | null;
  /** Refreshed while a display stream is open on any process. */
  last_seen_at: string | null;
  /** When a process last closed the last stream it had of this pairing. */
  disconnected_at: string | null;
  /** The newest DisplayState as JSON, its seq, and when it was stored. */
  state_json: string | null;
  state_seq: ColumnType<number | string | null, number | null, number | null>;
  state_at: string | null;
}

/** The display token hash -> pairing lookup (a global table, like receipt_codes). */
export interface DisplayTokensTable {
  token_hash: string;
  store_id: string;
  pairing_id: string;
}

/** An approval spent: an online grant's id or an offline proof, with the action it approved. */
export interface TillApprovalUsesTable {
  store_id: string;
  use_key: string;
  client_id: string;
  used_at: string;
}

export interface CustomersTable {
  store_id: string;
  id: string;
  /** Member number: "M" and 10 digits, unique in the store. */
  code: string;
  /** The device's id for its create (offline too), so a retry makes one customer. */
  client_id: string | null;
  request_hash: string | null;
  name: string;
  name_kana: string;
  /** As typed; `phone_digits` its digits for search. */
  phone: string;
  phone_digits: string;
  email: string;
  note: string;
  marketing_consent: number;
  /** Always the sum of the customer's loyalty_entries. */
  points_balance: ColumnType<number, number | undefined, number>;
  visits: ColumnType<number, number | undefined, number>;
  total_spent: ColumnType<number, number | undefined, number>;
  last_visit_at: string | null;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  /** Set: anonymised (product.md §4 Customer). */
  deleted_at: string | null;
}

/** Folded prefixes a customer is found by (customer-search.ts). */
export interface CustomerSearchKeysTable {
  store_id: string;
  key: string;
  customer_id: string;
}

/** The points ledger (product.md §4 LoyaltyEntry). */
export interface LoyaltyEntriesTable {
  store_id: string;
  id: string;
  customer_id: string;
  /** EARN, REDEEM, REVERSE, ADJUST or EXPIRE. */
  kind: string;
  /** Signed. */
  points: number;
  sale_id: string | null;
  refund_id: string | null;
  user_id: string | null;
  device_id: string | null;
  /** An adjustment's reason. */
  note: string;
  at: string;
}

/** Gift cards and store credit (product.md §4 StoredValueAccount). */
export interface StoredValueAccountsTable {
  store_id: string;
  id: string;
  /** GIFT_CARD or STORE_CREDIT. */
  kind: string;
  code: string;
  customer_id: string | null;
  currency: string;
  /** Always the sum of the account's stored_value_entries. */
  balance: number;
  issued: number;
  /** The last business date it can be spent; null: never expires. */
  expires_at: string | null;
  /** ACTIVE or BLOCKED. */
  status: string;
  /** The sale that sold a gift card. */
  sale_id: string | null;
  created_at: string;
  updated_at: string;
  last_used_at: string | null;
  created_by: string | null;
}

/** The stored-value ledger (product.md §4 StoredValueEntry). */
export interface StoredValueEntriesTable {
  store_id: string;
  id: string;
  account_id: string;
  /** ISSUE, LOAD, REDEEM, REFUND, ADJUST, EXPIRE, BLOCK, UNBLOCK. */
  kind: string;
  /** Signed minor units. */
  amount: number;
  balance_after: number;
  sale_id: string | null;
  refund_id: string | null;
  user_id: string | null;
  device_id: string | null;
  /** An adjustment's clientId and body fingerprint: a retry writes once. */
  client_id: string | null;
  request_hash: string | null;
  note: string;
  at: string;
}

export interface Database {
  stored_value_accounts: StoredValueAccountsTable;
  stored_value_entries: StoredValueEntriesTable;
  customers: CustomersTable;
  customer_search_keys: CustomerSearchKeysTable;
  loyalty_entries: LoyaltyEntriesTable;
  till_devices: TillDevicesTable;
  till_approval_uses: TillApprovalUsesTable;
  display_pairings: DisplayPairingsTable;
  display_tokens: DisplayTokensTable;
  product_tombstones: ProductTombstonesTable;
  product_prices: ProductPricesTable;
  shop_transactions: ShopTransactionsTable;
  stat_hours: StatHoursTable;
  stat_products_day: StatProductsDayTable;
  stat_products_month: StatProductsMonthTable;
  stat_products_pending: StatProductsPendingTable;
  stat_tenders: StatTendersTable;
  shop_transaction_lines: ShopTransactionLinesTable;
  shop_refunds: ShopRefundsTable;
  shop_refund_lines: ShopRefundLinesTable;
  shop_tenders: ShopTendersTable;
  payment_methods: PaymentMethodsTable;
  receipt_codes: ReceiptCodesTable;
  exchange_rates: ExchangeRatesTable;
  store_exchange_rates: StoreExchangeRatesTable;
  auth_throttles: AuthThrottlesTable;
  users: UsersTable;
  free_tier_usage: FreeTierUsageTable;
  billing_subscriptions: BillingSubscriptionsTable;
  billing_invoices: BillingInvoicesTable;
  billing_events: BillingEventsTable;
  stores: StoresTable;
  store_members: StoreMembersTable;
  store_invitations: StoreInvitationsTable;
  audit_events: AuditEventsTable;
  sessions: SessionsTable;
  email_confirmations: EmailConfirmationsTable;
  password_resets: PasswordResetsTable;
  products: ProductsTable;
  items: ItemsTable;
  stock_movements: StockMovementsTable;
  files: FilesTable;
  import_batches: ImportBatchesTable;
  shifts: ShiftsTable;
  shift_cash: ShiftCashTable;
  shift_cash_moves: ShiftCashMovesTable;
  receipt_templates: ReceiptTemplatesTable;
  store_barcode_rules: StoreBarcodeRulesTable;
  support_requests: SupportRequestsTable;
  cargos: CargosTable;
  cargo_codes: CargoCodesTable;
  cargo_contents: CargoContentsTable;
  cargo_client_ops: CargoClientOpsTable;
  cargo_qr_tokens: CargoQrTokensTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type StoreRow = Selectable<StoresTable>;
export type NewStore = Insertable<StoresTable>;
export type SessionRow = Selectable<SessionsTable>;
export type PasswordResetRow = Selectable<PasswordResetsTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ItemRow = Selectable<ItemsTable>;
export type NewItem = Insertable<ItemsTable>;
export type StockMovementRow = Selectable<StockMovementsTable>;
export type NewStockMovement = Insertable<StockMovementsTable>;
export type FileRow = Selectable<FilesTable>;

export type Db = Kysely<Database>;
/** What repo functions accept: the database or a transaction of it. */
export type DbOrTx = Kysely<Database> | Transaction<Database>;
