import { asProductUnit, isMeasuredUnit, type Product } from '@shopdesk/shared';
import type { TallyEntry } from './tally.ts';

/**
 * The stock-take review: for each counted product, what was counted against what the ledger holds
 * now (read fresh when the review opens), so nobody overwrites 17 with 3 without seeing it.
 */
export interface ReviewLine {
  code: string;
  counted: number;
  /** The product as read for the review; null when the store has no such code (it cannot be saved). */
  product: Product | null;
  /** counted − on record; null for an unknown code. */
  difference: number | null;
}

export function reviewLines(entries: TallyEntry[], products: ReadonlyMap<string, Product | null>): ReviewLine[] {
  return entries.map(({ code, counted }) => {
    const product = products.get(code) ?? null;
    return { code, counted, product, difference: product ? counted - product.quantity : null };
  });
}

export interface ReviewTotals {
  /** Counted products the store has (the ones a save sets). */
  products: number;
  /** Pieces counted over those products (a weighed product's thousandths are not pieces). */
  items: number;
  /** Products whose count differs from the record. */
  differing: number;
  /** Sum of the differences in pieces: what the save changes the stock by in all (kilograms and pieces do not add). */
  netChange: number;
  /** Scanned codes the store does not have. */
  unknown: number;
}

export function reviewTotals(lines: ReviewLine[]): ReviewTotals {
  const totals: ReviewTotals = { products: 0, items: 0, differing: 0, netChange: 0, unknown: 0 };
  for (const line of lines) {
    if (!line.product) {
      totals.unknown++;
      continue;
    }
    totals.products++;
    const pieces = !isMeasuredUnit(asProductUnit(line.product.unit));
    if (pieces) totals.items += line.counted;
    if (line.difference) {
      totals.differing++;
      if (pieces) totals.netChange += line.difference;
    }
  }
  return totals;
}

/**
 * Products of the counted area (the whole store, or one category, narrowed to an item by `q`)
 * that were not counted: everything in the area minus the counted products that belong to it.
 * `inArea` is the total the product search reports for the area, so no catalogue is loaded to
 * know it. Each variant is a product here: an item of six counts as six, none folded away.
 */
export function notCountedCount(inArea: number, lines: ReviewLine[], category: string | null, q = ''): number {
  const counted = lines.filter(
    (l) => l.product && (category === null || l.product.category === category) && matchesSearch(l.product, q),
  ).length;
  return Math.max(0, inArea - counted);
}

/**
 * Whether the product search would find `product` for `q`, as the server matches it: every
 * whitespace-separated term (at most 5) occurs in its code, name or brand, ignoring case. A
 * variant's name carries its item's ("T-shirt (M, Red)"), so an item's name finds all its variants.
 */
export function matchesSearch(product: Pick<Product, 'code' | 'name' | 'brand'>, q: string): boolean {
  // One field per line, accents folded too, as the server's search text (products.repo searchText).
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');
  const lower = `${product.code}\n${product.name}\n${product.brand}`.toLowerCase();
  const text = `${lower}\n${fold(lower)}`;
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5)
    .every((term) => text.includes(term));
}

/**
 * Just before saving a line, its quantity is read again: when it moved since the review (a sale, a
 * delivery), the count is held back for a second look instead of silently overwriting the change.
 */
export function changedSinceReview(line: ReviewLine, currentQuantity: number): boolean {
  return line.product !== null && line.product.quantity !== currentQuantity;
}
