/** Stock: the ledger, the only writer of products.quantity (product.md §5). */
export {
  applyCount,
  applyMovementRows,
  applyStockDelta,
  applyStockDeltas,
  deleteLedgerOf,
  ledgerProblems,
  movementsPage,
  orderedMovementRows,
  recordOpeningStock,
  reverseMovementsOf,
  type Movement,
} from './stock.service.ts';
