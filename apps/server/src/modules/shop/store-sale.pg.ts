/**
 * `shopdesk_store_sale(p jsonb) → jsonb` as a migrated PostgreSQL database has it: the one place to
 * read the function's current text. It is sale-write.ts `storeSale` in one statement (one round trip,
 * its own transaction), over rows the TypeScript has already built (ids, movement rows, report rows:
 * the rules that need no database stay there). SQLite runs the TypeScript in its write worker. What
 * each step mirrors:
 *
 * 1. modules/shifts `openShiftIdFor`: the store's open shift, FOR SHARE, for a completed sale.
 * 2. sale-write.ts `claim` + transactions.repo.ts `insertTransactionOnce` / `updateParkedTransaction`
 *    / `deleteLinesOf`: the header inserted once per (store_id, client_id), else `stored` false; a
 *    held cart's columns `patch_columns` replaced only while it is PARKED, its lines deleted. A retry
 *    stops here, before the free tier, so it takes no slot.
 * 3. modules/plans plans.service.ts `claimSlots` (one slot, exact, `written`) + plans.repo.ts: premium
 *    read without a lock; else one conditional UPDATE of free_tier_usage, and when it is missing or
 *    full the row is created, locked, and set from the real count (less the sale claimed in step 2);
 *    no room raises SQLSTATE 'SD402', which sale-write.ts maps back to the 402 FREE_LIMIT_REACHED.
 *    Each statement of a volatile function takes a new snapshot (READ COMMITTED), so the count after
 *    the lock sees every sale that claimed the row before, as the TypeScript's next statement does.
 * 4. modules/stock `applyMovementRows`: `quantity = quantity + delta` and `quantity_changed_at` per
 *    movement in the order given (product id order, so sales lock products in one order), the
 *    movement rows of the products found inserted.
 * 5. transactions.repo.ts `insertLines`, `insertTenders`, `insertReceiptCode` (new sales only).
 * 6. modules/statistics statistics-write.repo.ts: the report rows upserted, sums added, the latest
 *    name and code kept; `stat_hours` and `stat_tenders` by their constraint's name, since a column
 *    list naming `slot` would be read as the variable `slot` and fail as ambiguous.
 * 7. modules/customers customer-sales.repo.ts `applyCustomerSale`: the customer's balance, visits,
 *    total spent and last visit, guarded for an online sale (`points_balance >= redeemed`; a
 *    customer who is there but short raises SQLSTATE 'SD409', which sale-write.ts maps to the 409
 *    INSUFFICIENT_POINTS); an anonymised customer leaves the sale unlinked; else the EARN/REDEEM rows
 *    and the balance after (with `points_overdrawn`) on the sale. Answers `points_balance`.
 * 8. modules/stored-value sale-stored-value.repo.ts `applyStoredValueSale`: each STORED_VALUE
 *    tender a guarded decrement of its card (active, not past its last day, balance enough; else
 *    SQLSTATE 'SD410', mapped to the 409 INSUFFICIENT_BALANCE), its REDEEM entry with the balance
 *    after, that balance on the tender row; then the gift cards the sale sold with their ISSUE
 *    entries (a code taken meanwhile raises 'SD411', a 409). Answers `card_balances` by tender id.
 *
 * Rows are read with `jsonb_populate_record(set)(null::<table>, …)`: the table's current columns,
 * whatever migrations add later, a key the payload lacks is NULL.
 *
 * Nothing runs this text: migrations install the function, each from a frozen copy of its own,
 * because a migration must keep making what it made whatever this file says later. A change to
 * the function is therefore three edits in one commit: this text, the TypeScript it mirrors
 * (sale-write.ts and what it calls), and a new migration whose `up` installs a copy of the new text
 * pasted into it (never imported from here) and whose `down` puts back the previous migration's
 * copy. store-sale.pg.test.ts compares this text with the function of a migrated database
 * (`pg_get_functiondef`) and fails on any difference.
 */
export const STORE_SALE_FUNCTION = `
CREATE OR REPLACE FUNCTION shopdesk_store_sale(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $fn$
DECLARE
  completed boolean := (p->>'completed')::boolean;
  replaces_parked boolean := (p->>'replaces_parked')::boolean;
  -- A JSON null is not an SQL NULL.
  slot jsonb := NULLIF(p->'free_slot', 'null');
  header jsonb := p->'header';
  store text := header->>'store_id';
  sale_id text := header->>'id';
  open_shift text;
  used_now bigint;
  changed integer;
  m jsonb;
  moved jsonb := '[]'::jsonb;
  stats jsonb := NULLIF(p->'stats', 'null');
  loyalty jsonb := NULLIF(p->'loyalty', 'null');
  balance bigint;
  stored_value jsonb := NULLIF(p->'stored_value', 'null');
  sv jsonb;
  sv_account text;
  sv_balance bigint;
  sv_balances jsonb := '{}'::jsonb;
BEGIN
  -- 1. The shift open now (shifts openShiftIdFor), for a completed sale.
  IF completed THEN
    SELECT s.id INTO open_shift FROM shifts s WHERE s.store_id = store AND s.status = 'OPEN' FOR SHARE;
  END IF;
  header := header || jsonb_build_object('shift_id', open_shift);

  -- 2. The claim (sale-write claim): a retry stops here, before the free tier, so it takes no slot.
  IF NOT replaces_parked THEN
    INSERT INTO shop_transactions
    SELECT * FROM jsonb_populate_record(null::shop_transactions, header)
    ON CONFLICT (store_id, client_id) DO NOTHING;
    IF NOT FOUND THEN
      RETURN jsonb_build_object('stored', false, 'shift_id', open_shift);
    END IF;
  ELSE
    EXECUTE format(
      'UPDATE shop_transactions t SET (%1$s) = (SELECT %1$s FROM jsonb_populate_record(null::shop_transactions, $1))'
      ' WHERE t.store_id = $2 AND t.id = $3 AND t.status = ''PARKED''',
      (SELECT string_agg(quote_ident(c), ', ') FROM jsonb_array_elements_text(p->'patch_columns') AS c))
    USING header, store, sale_id;
    GET DIAGNOSTICS changed = ROW_COUNT;
    IF changed <> 1 THEN
      RETURN jsonb_build_object('stored', false, 'shift_id', open_shift);
    END IF;
    DELETE FROM shop_transaction_lines WHERE store_id = store AND transaction_id = sale_id;
  END IF;

  -- 3. The free tier (plans claimSlots, written): slot is null for a parked cart.
  IF slot IS NOT NULL AND COALESCE((SELECT premium FROM users WHERE id = slot->>'owner_id'), 0) <= 0 THEN
    UPDATE free_tier_usage SET used = used + 1
    WHERE owner_id = slot->>'owner_id' AND kind = slot->>'kind' AND period = slot->>'period'
      AND used + 1 <= (slot->>'limit')::bigint;
    IF NOT FOUND THEN
      INSERT INTO free_tier_usage (owner_id, kind, period, used)
      VALUES (slot->>'owner_id', slot->>'kind', slot->>'period', 0)
      ON CONFLICT (owner_id, kind, period) DO NOTHING;
      PERFORM used FROM free_tier_usage
      WHERE owner_id = slot->>'owner_id' AND kind = slot->>'kind' AND period = slot->>'period' FOR UPDATE;
      -- The count holds this sale, claimed above in this transaction: the others are one less.
      SELECT count(*) - 1 INTO used_now FROM shop_transactions t JOIN stores s ON s.id = t.store_id
      WHERE s.owner_id = slot->>'owner_id' AND t.status <> 'PARKED'
        AND t.business_date >= slot->>'from' AND t.business_date < slot->>'to';
      IF used_now + 1 > (slot->>'limit')::bigint THEN
        -- The refusal rolls the whole call back, the recount too, as the TypeScript's throw does.
        RAISE EXCEPTION 'free limit reached' USING ERRCODE = 'SD402';
      END IF;
      UPDATE free_tier_usage SET used = used_now + 1
      WHERE owner_id = slot->>'owner_id' AND kind = slot->>'kind' AND period = slot->>'period';
    END IF;
  END IF;

  -- 4. Stock out (stock applyStockDeltas): movements come in product id order.
  FOR m IN SELECT e.value FROM jsonb_array_elements(p->'movements') WITH ORDINALITY AS e(value, n) ORDER BY e.n LOOP
    UPDATE products SET quantity = quantity + (m->>'delta')::bigint, quantity_changed_at = m->>'created_at'
    WHERE store_id = m->>'store_id' AND id = m->>'product_id';
    IF FOUND THEN
      moved := moved || jsonb_build_array(m);
    END IF;
  END LOOP;
  INSERT INTO stock_movements SELECT * FROM jsonb_populate_recordset(null::stock_movements, moved);

  -- 5. Lines, tenders, the receipt code.
  INSERT INTO shop_transaction_lines
  SELECT * FROM jsonb_populate_recordset(null::shop_transaction_lines, p->'lines');
  INSERT INTO shop_tenders SELECT * FROM jsonb_populate_recordset(null::shop_tenders, p->'tenders');
  IF NOT replaces_parked THEN
    INSERT INTO receipt_codes (code, store_id, transaction_id) VALUES (header->>'code', store, sale_id);
  END IF;

  -- 6. The reports (statistics addHour, addProducts, addTenders); stats is null for a parked cart.
  IF stats IS NOT NULL THEN
    INSERT INTO stat_hours SELECT * FROM jsonb_populate_record(null::stat_hours, stats->'hour')
    ON CONFLICT ON CONSTRAINT stat_hours_pk DO UPDATE SET
      sales_count = stat_hours.sales_count + excluded.sales_count,
      refund_count = stat_hours.refund_count + excluded.refund_count,
      items_sold = stat_hours.items_sold + excluded.items_sold,
      items_refunded = stat_hours.items_refunded + excluded.items_refunded,
      gross_sales = stat_hours.gross_sales + excluded.gross_sales,
      refunds = stat_hours.refunds + excluded.refunds,
      discounts = stat_hours.discounts + excluded.discounts,
      tax = stat_hours.tax + excluded.tax,
      refunded_tax = stat_hours.refunded_tax + excluded.refunded_tax,
      cost = stat_hours.cost + excluded.cost,
      refunded_cost = stat_hours.refunded_cost + excluded.refunded_cost;
    INSERT INTO stat_products_day
    SELECT * FROM jsonb_populate_recordset(null::stat_products_day, stats->'productsDay')
    ON CONFLICT (store_id, business_date, product_key) DO UPDATE SET
      quantity = stat_products_day.quantity + excluded.quantity,
      refunded_quantity = stat_products_day.refunded_quantity + excluded.refunded_quantity,
      revenue = stat_products_day.revenue + excluded.revenue,
      refunded_revenue = stat_products_day.refunded_revenue + excluded.refunded_revenue,
      cost = stat_products_day.cost + excluded.cost,
      refunded_cost = stat_products_day.refunded_cost + excluded.refunded_cost,
      name = excluded.name,
      code = excluded.code;
    INSERT INTO stat_products_month
    SELECT * FROM jsonb_populate_recordset(null::stat_products_month, stats->'productsMonth')
    ON CONFLICT (store_id, month, product_key) DO UPDATE SET
      quantity = stat_products_month.quantity + excluded.quantity,
      refunded_quantity = stat_products_month.refunded_quantity + excluded.refunded_quantity,
      revenue = stat_products_month.revenue + excluded.revenue,
      refunded_revenue = stat_products_month.refunded_revenue + excluded.refunded_revenue,
      cost = stat_products_month.cost + excluded.cost,
      refunded_cost = stat_products_month.refunded_cost + excluded.refunded_cost,
      name = excluded.name,
      code = excluded.code;
    INSERT INTO stat_tenders SELECT * FROM jsonb_populate_recordset(null::stat_tenders, stats->'tenders')
    ON CONFLICT ON CONSTRAINT stat_tenders_pk DO UPDATE SET
      sales_count = stat_tenders.sales_count + excluded.sales_count,
      refund_count = stat_tenders.refund_count + excluded.refund_count,
      taken = stat_tenders.taken + excluded.taken,
      taken_in_main = stat_tenders.taken_in_main + excluded.taken_in_main,
      refunded = stat_tenders.refunded + excluded.refunded,
      refunded_in_main = stat_tenders.refunded_in_main + excluded.refunded_in_main;
  END IF;

  -- 7. The customer (customers applyCustomerSale); loyalty is null without one and for a parked cart.
  IF loyalty IS NOT NULL THEN
    UPDATE customers c SET
      points_balance = c.points_balance + (loyalty->>'delta')::bigint,
      visits = c.visits + 1,
      total_spent = c.total_spent + (loyalty->>'total')::bigint,
      last_visit_at = CASE WHEN c.last_visit_at IS NULL OR c.last_visit_at < loyalty->>'at'
        THEN loyalty->>'at' ELSE c.last_visit_at END,
      updated_at = loyalty->>'now'
    WHERE c.store_id = store AND c.id = loyalty->>'customerId' AND c.deleted_at IS NULL
      AND (NOT (loyalty->>'guard')::boolean OR (loyalty->>'redeemed')::bigint = 0
        OR c.points_balance >= (loyalty->>'redeemed')::bigint)
    RETURNING c.points_balance INTO balance;
    IF NOT FOUND THEN
      IF (loyalty->>'guard')::boolean AND (loyalty->>'redeemed')::bigint > 0 AND EXISTS (SELECT 1 FROM customers c
          WHERE c.store_id = store AND c.id = loyalty->>'customerId' AND c.deleted_at IS NULL) THEN
        RAISE EXCEPTION 'points over balance' USING ERRCODE = 'SD409';
      END IF;
      UPDATE shop_transactions SET customer_id = NULL, customer_code = NULL, customer_name = NULL,
        points_earned = NULL, points_redeemed = NULL, points_balance = NULL
      WHERE store_id = store AND id = sale_id;
    ELSE
      INSERT INTO loyalty_entries SELECT * FROM jsonb_populate_recordset(null::loyalty_entries, loyalty->'entries');
      UPDATE shop_transactions SET points_balance = balance,
        points_overdrawn = CASE WHEN (loyalty->>'redeemed')::bigint > 0
          AND balance - (loyalty->>'earned')::bigint < 0 THEN 1 ELSE 0 END
      WHERE store_id = store AND id = sale_id;
    END IF;
  END IF;

  -- 8. Gift cards and store credit (stored-value applyStoredValueSale): each spend a guarded
  -- decrement in code order, then the cards the sale sold; stored_value is null without either.
  IF stored_value IS NOT NULL THEN
    FOR sv IN SELECT e.value FROM jsonb_array_elements(stored_value->'spends') WITH ORDINALITY AS e(value, n) ORDER BY e.n LOOP
      UPDATE stored_value_accounts a SET balance = a.balance - (sv->>'amount')::bigint,
        last_used_at = sv->>'at', updated_at = sv->>'now'
      WHERE a.store_id = store AND a.code = sv->>'code' AND a.status = 'ACTIVE'
        AND (a.expires_at IS NULL OR a.expires_at >= sv->>'businessDate')
        AND a.balance >= (sv->>'amount')::bigint
      RETURNING a.id, a.balance INTO sv_account, sv_balance;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'stored value short' USING ERRCODE = 'SD410';
      END IF;
      INSERT INTO stored_value_entries SELECT * FROM jsonb_populate_record(null::stored_value_entries,
        (sv->'entry') || jsonb_build_object('account_id', sv_account, 'balance_after', sv_balance));
      UPDATE shop_tenders SET card_balance = sv_balance WHERE store_id = store AND id = sv->>'tenderId';
      sv_balances := sv_balances || jsonb_build_object(sv->>'tenderId', sv_balance);
    END LOOP;
    INSERT INTO stored_value_accounts
    SELECT * FROM jsonb_populate_recordset(null::stored_value_accounts, stored_value->'accounts')
    ON CONFLICT (store_id, code) DO NOTHING;
    GET DIAGNOSTICS changed = ROW_COUNT;
    IF changed <> jsonb_array_length(stored_value->'accounts') THEN
      RAISE EXCEPTION 'card code taken' USING ERRCODE = 'SD411';
    END IF;
    INSERT INTO stored_value_entries
    SELECT * FROM jsonb_populate_recordset(null::stored_value_entries, stored_value->'issues');
  END IF;
  RETURN jsonb_build_object('stored', true, 'shift_id', open_shift, 'points_balance', balance,
    'card_balances', sv_balances);
END
$fn$`;
