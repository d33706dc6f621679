import { z } from 'zod';
import { IMPORT_BATCH_MAX_ROWS, IMPORT_CHECK_MAX_CODES } from './products.ts';

/**
 * The customer CSV (product.md §5 "Customers and points"): the export writes these columns in this
 * order and the import reads them by name. `code` is optional on import: empty makes a new member
 * code; a code (e.g. a member number from another system) must be a member code and is kept.
 * The batch, check and result shapes are the product import's (ImportBatchResult, ImportCheckResult),
 * so the web's import progress works for both.
 */
export const CUSTOMER_CSV_COLUMNS = [
  'code',
  'name',
  'nameKana',
  'phone',
  'email',
  'note',
  'marketingConsent',
  'pointsBalance',
  'visits',
  'totalSpent',
  'lastVisitAt',
  'createdAt',
] as const;

const cell = z.string().max(5000);

/** One CSV line as the client read it; the server checks it with the create rules and reports by `line`. */
export const CustomerImportRowSchema = z.object({
  line: z.number().int().min(1),
  code: cell.optional(),
  name: cell.optional(),
  nameKana: cell.optional(),
  phone: cell.optional(),
  email: cell.optional(),
  note: cell.optional(),
  /** 1/0, true/false, yes/no (any case); empty = no (on update: keeps it). */
  marketingConsent: z.union([cell, z.boolean()]).optional(),
});
export type CustomerImportRow = z.infer<typeof CustomerImportRowSchema>;

const batchRows = <T extends z.ZodType>(row: T) =>
  z.array(row).max(IMPORT_BATCH_MAX_ROWS, `At most ${IMPORT_BATCH_MAX_ROWS} rows per batch`);

/** `POST /customer/import/batch`: the same `importId` + `batch` sent again returns the first result. */
export const CustomerImportBatchBodySchema = z.object({
  importId: z.string().uuid('Must be a UUID'),
  batch: z.number().int().min(0).max(1_000_000),
  rows: batchRows(CustomerImportRowSchema),
});
export type CustomerImportBatchBody = z.infer<typeof CustomerImportBatchBodySchema>;
/** The envelope checked first; the rows are checked in slices (lib/sliced-validation.ts). */
export const CustomerImportBatchEnvelopeSchema = CustomerImportBatchBodySchema.extend({ rows: batchRows(z.unknown()) });

/**
 * `POST /customer/import/check`: which of a file's member codes the store already has (those rows
 * update) and how many new customers the free plan still allows in this store. Answers
 * ImportCheckResult; its `productLimit` is then the customer limit per store.
 */
export const CustomerImportCheckBodySchema = z.object({
  codes: z
    .array(z.string().max(32, 'A member code is at most 32 characters'))
    .max(IMPORT_CHECK_MAX_CODES, `At most ${IMPORT_CHECK_MAX_CODES} codes per call`),
});
export type CustomerImportCheckBody = z.infer<typeof CustomerImportCheckBodySchema>;
