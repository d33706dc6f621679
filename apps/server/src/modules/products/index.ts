/** Products: the catalogue of a store, its CSV import and export, and stock adjustments through the ledger. */
export { productsRoutes } from './products.routes.ts';
export { itemsRoutes } from './items.routes.ts';
export { productChangesRoutes } from './product-changes.routes.ts';
export { ensureProducts, type ProductDraft } from './ensure-products.ts';
export { itemDraftsOf, parseItemDraft, type ItemDraft } from './item-drafts.ts';
export { applyImportChunkTask } from './import-apply.ts';
