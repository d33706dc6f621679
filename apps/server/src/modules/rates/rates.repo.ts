import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { ExchangeRatesTable, StoreExchangeRatesTable } from '../../db/types.ts';

export type EurRate = Pick<ExchangeRatesTable, 'rate' | 'date' | 'source'>;

/**
 * The latest euro rate of `quote` on or before `date` (any date when null). On a day that has both,
 * a published rate (ECB, PEG) wins over the bundled snapshot.
 */
export async function latestEurRate(db: DbOrTx, quote: string, date: string | null): Promise<EurRate | undefined> {
  let query = db
    .selectFrom('exchange_rates')
    .select(['rate', 'date', 'source'])
    .where('base', '=', 'EUR')
    .where('quote', '=', quote);
  if (date) query = query.where('date', '<=', date);
  return query
    .orderBy('date', 'desc')
    .orderBy(sql`case when source = 'SNAPSHOT' then 1 else 0 end`)
    .limit(1)
    .executeTakeFirst();
}

/** Stores rates; a rate already stored for the same day and source is replaced by `replace`, kept otherwise. */
export async function saveRates(db: DbOrTx, rows: ExchangeRatesTable[], replace: boolean): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('exchange_rates')
    .values(rows)
    .onConflict((oc) => {
      const target = oc.columns(['base', 'quote', 'date', 'source']);
      return replace
        ? target.doUpdateSet((eb) => ({ rate: eb.ref('excluded.rate'), imported_at: eb.ref('excluded.imported_at') }))
        : target.doNothing();
    })
    .execute();
}

export async function findManualRate(
  db: DbOrTx,
  storeId: string,
  base: string,
  quote: string,
): Promise<StoreExchangeRatesTable | undefined> {
  return db
    .selectFrom('store_exchange_rates')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('base', '=', base)
    .where('quote', '=', quote)
    .executeTakeFirst();
}

export async function saveManualRate(db: DbOrTx, row: StoreExchangeRatesTable): Promise<void> {
  await db
    .insertInto('store_exchange_rates')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['store_id', 'base', 'quote']).doUpdateSet({ rate: row.rate, set_at: row.set_at, set_by: row.set_by }),
    )
    .execute();
}

export async function deleteManualRate(db: DbOrTx, storeId: string, base: string, quote: string): Promise<void> {
  await db
    .deleteFrom('store_exchange_rates')
    .where('store_id', '=', storeId)
    .where('base', '=', base)
    .where('quote', '=', quote)
    .execute();
}
