import { z } from 'zod';
import { ProductSchema } from './products.ts';

/**
 * `GET /product/changes`: what a device needs to keep its local copy of a store's catalogue
 * current without loading it again (product.md §6): products changed after the cursor (stock
 * changes included, read from the ledger), products deleted since, and the cursor to ask with next
 * time.
 */
export const ProductChangesQuerySchema = z.object({
  /** The `next` of the previous answer; absent for the first sync. */
  since: z
    .string()
    // Three places (products, deletions, the stock ledger), each a time and an id or an id.
    .max(400)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a cursor of this feed')
    .optional(),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, 'limit must be a whole number in digits')
    .transform(Number)
    .pipe(z.number().min(1, 'limit is 1 to 1000').max(1000, 'limit is 1 to 1000'))
    .optional(),
});
export type ProductChangesQuery = z.infer<typeof ProductChangesQuerySchema>;

export const ProductChangesSchema = z.object({
  items: z.array(ProductSchema),
  deleted: z.array(z.object({ id: z.string(), code: z.string() })),
  /** Ask again with this; unchanged when nothing changed. */
  next: z.string(),
  /** More changes are waiting right now: ask again at once. */
  more: z.boolean(),
});
export type ProductChanges = z.infer<typeof ProductChangesSchema>;
