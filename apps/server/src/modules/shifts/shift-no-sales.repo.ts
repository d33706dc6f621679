import type { DbOrTx } from '../../db/database.ts';

/**
 * Drawer openings without a sale (NO_SALE audit events, modules/drawer) as a shift sees them: the
 * X and Z reports count them so a cash-up can ask about each one.
 */

export async function noSaleCount(db: DbOrTx, storeId: string, shiftId: string): Promise<number> {
  const row = await db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('store_id', '=', storeId)
    .where('shift_id', '=', shiftId)
    .where('action', '=', 'NO_SALE')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Gives the shift being opened the drawer openings recorded while no shift was open since `since`
 * (as sales, SHIFTLESS_RULE in shifts.service.ts): none falls outside every cash-up.
 */
export async function adoptShiftlessNoSales(db: DbOrTx, storeId: string, shiftId: string, since: string) {
  await db
    .updateTable('audit_events')
    .set({ shift_id: shiftId })
    .where('store_id', '=', storeId)
    .where('action', '=', 'NO_SALE')
    .where('shift_id', 'is', null)
    .where('at', '>=', since)
    .execute();
}
