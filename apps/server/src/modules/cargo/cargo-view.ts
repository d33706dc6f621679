import { asProductUnit, type Cargo, type CargoContent, type CargoStatus, type CurrencyCode } from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import type { StoreRow } from '../../db/types.ts';
import type { ContentView, Handed } from './cargo-contents.repo.ts';
import * as repo from './cargo.repo.ts';

/** Rows as the API answers them: a cargo with its totals, a line with its product and counts. */

export async function toCargos(db: DbOrTx, store: StoreRow, rows: repo.CargoRow[]): Promise<Cargo[]> {
  const totals = await repo.totalsOf(
    db,
    store.id,
    rows.map((r) => r.id),
  );
  return Promise.all(
    rows.map(async (row) => {
      const t = totals.get(row.id);
      // A handed-over cargo shows what the receiver counted on its copy.
      const received =
        row.status === 'TRANSFERRED' && row.handed_to_store_id && row.handed_to_cargo_id
          ? await repo.receivedTotal(db, row.handed_to_store_id, row.handed_to_cargo_id)
          : (t?.total_received ?? null);
      return {
        id: row.id,
        code: row.code,
        name: row.name,
        origin: row.origin,
        note: row.note,
        status: row.status as CargoStatus,
        itemCount: t?.item_count ?? 0,
        totalQuantity: t?.total_quantity ?? 0,
        totalReceivedQuantity: received,
        totalValue: t?.total_value ?? 0,
        currency: store.main_currency as CurrencyCode,
        transferredFrom: row.transferred_from,
        transferredTo: row.transferred_to,
        arrivedAt: row.arrived_at,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      };
    }),
  );
}

export async function toCargo(db: DbOrTx, store: StoreRow, row: repo.CargoRow): Promise<Cargo> {
  return (await toCargos(db, store, [row]))[0] as Cargo;
}

export function toContent(row: ContentView, handed: boolean): CargoContent {
  const received = handed ? row.linked_received : row.received_quantity;
  return {
    contentId: row.id,
    cargoId: row.cargo_id,
    code: row.code,
    name: row.name,
    brand: row.brand,
    quantity: Number(row.quantity),
    receivedQuantity: received === null || received === undefined ? null : Number(received),
    price: Number(row.price),
    priceConverted: Number(row.price_converted) === 1,
    productId: row.product_id,
    unit: asProductUnit(row.product_unit),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Where the receiver counts a handed-over cargo, or null for a cargo still (or never) handed over. */
export function handedOf(row: repo.CargoRow): Handed | null {
  return row.status === 'TRANSFERRED' && row.handed_to_store_id && row.handed_to_cargo_id
    ? { storeId: row.handed_to_store_id, cargoId: row.handed_to_cargo_id }
    : null;
}
