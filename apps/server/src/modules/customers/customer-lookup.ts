import type { DbOrTx } from '../../db/database.ts';
import { findCustomer, type CustomerRow } from './customers.repo.ts';

/**
 * The customer a sale names, or undefined when the store has no such live customer (anonymised
 * ones are gone): the sale path's lookup, inside its transaction when given one.
 */
export function findCustomerForSale(db: DbOrTx, storeId: string, id: string): Promise<CustomerRow | undefined> {
  return findCustomer(db, storeId, id);
}
