/**
 * CSV imports' kept batch results (products, customers): a batch sent again answers its first
 * result. A leaf module, so the modules that import never depend on each other for it.
 */
export { findImportBatch, keepImportBatch } from './import-batches.repo.ts';
