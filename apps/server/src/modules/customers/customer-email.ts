import { UpdateCustomerBodySchema } from '@shopdesk/shared';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { customerColumns, searchKeysOf } from './customer-fields.ts';
import * as repo from './customers.repo.ts';

/**
 * Keeps `email` as a customer's address (the customer asked for their receipt by mail and opted in
 * to keeping it), with the same field rules as an edit and the search keys an edit rewrites. Says
 * whether it was stored: false for a customer no longer in the store (deleted or unknown) or an
 * address the customer field refuses. Customer edits are not audited, so neither is this.
 */
export async function keepCustomerEmail(
  ctx: AppContext,
  storeId: string,
  customerId: string,
  email: string,
): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const current = await repo.findCustomer(trx, storeId, customerId);
    if (!current) return false;
    const checked = UpdateCustomerBodySchema.safeParse({
      name: current.name,
      nameKana: current.name_kana,
      phone: current.phone,
      email,
      note: current.note,
      marketingConsent: Number(current.marketing_consent) === 1,
    });
    if (!checked.success) return false;
    const { email: kept } = customerColumns(checked.data);
    if (kept === current.email) return true;
    const patch = { email: kept, updated_at: iso(ctx.clock.now()) };
    await repo.updateCustomer(trx, storeId, customerId, patch);
    await repo.replaceSearchKeys(trx, storeId, [{ customerId, keys: searchKeysOf({ ...current, ...patch }) }]);
    return true;
  });
}
