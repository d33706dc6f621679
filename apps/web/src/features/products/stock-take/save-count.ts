import type { Product, ProductUnit } from '@shopdesk/shared';
import { asProductUnit } from '@shopdesk/shared';
import { changedSinceReview, type ReviewLine } from './review.ts';

export interface SaveCountResult {
  /** Quantities in the product's unit (thousandths for a weighed one), as the server keeps them. */
  saved: Array<{ code: string; name: string; before: number; quantity: number; unit: ProductUnit }>;
  /** Lines held back: the quantity on record moved after the review. */
  changed: Array<{ code: string; name: string; reviewed: number; now: number; unit: ProductUnit }>;
  /** `error` null: the product was deleted after the review. */
  failed: Array<{ code: string; error: unknown }>;
}

export interface SaveCountIo {
  /** The product as it is now (null when it was deleted meanwhile). */
  read: (code: string) => Promise<Product | null>;
  /** Sets the stock to the counted quantity (a COUNT movement); answers the product. */
  count: (code: string, counted: number) => Promise<Product>;
}

/**
 * Saves the reviewed counts one product after another. Each product is read again right before
 * its count is sent: if its stock moved since the review, its line is held back (shown, kept in
 * the count) rather than overwriting a sale made meanwhile. Unknown codes are never sent.
 */
export async function saveCount(lines: ReviewLine[], io: SaveCountIo): Promise<SaveCountResult> {
  const out: SaveCountResult = { saved: [], changed: [], failed: [] };
  for (const line of lines) {
    if (!line.product) continue;
    try {
      const now = await io.read(line.code);
      if (!now) {
        out.failed.push({ code: line.code, error: null });
        continue;
      }
      if (changedSinceReview(line, now.quantity)) {
        out.changed.push({
          code: line.code,
          name: now.name,
          reviewed: line.product.quantity,
          now: now.quantity,
          unit: asProductUnit(now.unit),
        });
        continue;
      }
      const saved = await io.count(line.code, line.counted);
      out.saved.push({
        code: saved.code,
        name: saved.name,
        before: now.quantity,
        quantity: saved.quantity,
        unit: asProductUnit(saved.unit),
      });
    } catch (error) {
      out.failed.push({ code: line.code, error });
    }
  }
  return out;
}
