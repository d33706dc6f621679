import { expect } from 'vitest';
import { ledgerProblems } from '../modules/stock/index.ts';
import type { TestApp } from './harness.ts';

/**
 * The stock ledger invariant (product.md §5): every product's quantity equals the sum of its
 * movements, and no movement points at a missing product or another store's product. Call it after
 * every scenario that moves stock; `storeId` narrows it to one store.
 */
export async function expectLedgerConsistent(t: TestApp, storeId?: string): Promise<void> {
  const { mismatched, orphans } = await ledgerProblems(t.db, storeId);
  expect(mismatched).toEqual([]);
  expect(orphans).toEqual([]);
}
