import type { CounterProduct } from './catalog-db.ts';

/**
 * The counter's search shows an item with several variants once ("T-shirt · 6 variants ·
 * ¥1,500–¥1,800"), not six near-identical rows (product.md §5 "Variants"); tapping it opens the
 * picker. A product of its own, or an item left with one variant on sale, is added as before.
 */
export interface ItemEntry {
  kind: 'item';
  itemId: string;
  /** The item's name: the variants' name without its options ("T-shirt"). */
  name: string;
  /** Its variants not retired, from the copy when it holds them (else the ones the search found). */
  variants: CounterProduct[];
  priceMin: number;
  priceMax: number;
  /** Stock of those variants together. */
  quantity: number;
}

export type SearchEntry = { kind: 'product'; product: CounterProduct } | ItemEntry;

/** A variant of an item with options (a product of its own has no option values). */
export const isVariant = (p: CounterProduct): boolean => (p.optionValues?.length ?? 0) > 0;

/** "T-shirt (M, Red)" → "T-shirt": the name variantName() gave, without its options. */
export function itemNameOf(p: CounterProduct): string {
  const values = p.optionValues ?? [];
  const suffix = ` (${values.join(', ')})`;
  return values.length && p.name.endsWith(suffix) ? p.name.slice(0, -suffix.length) : p.name;
}

/** The item's variants on sale, in a stable order: the owner's (position) is not in the copy, so by code. */
export function activeVariants(variants: readonly CounterProduct[]): CounterProduct[] {
  return variants.filter((v) => !v.retired).sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

/**
 * Search results folded by item, in the order their first match came. `siblings` gives every
 * variant the copy holds of an item (undefined when it holds none), so the count and price range
 * are the item's and not only the matched ones'. Retired variants are left out: scanning still
 * finds them, search no longer offers them.
 */
export function foldVariants(
  results: readonly CounterProduct[],
  siblings: (itemId: string) => readonly CounterProduct[] | undefined,
): SearchEntry[] {
  const entries: SearchEntry[] = [];
  const seen = new Set<string>();
  for (const p of results) {
    if (p.retired) continue;
    if (!isVariant(p) || !p.itemId) {
      entries.push({ kind: 'product', product: p });
      continue;
    }
    if (seen.has(p.itemId)) continue;
    seen.add(p.itemId);
    const known = siblings(p.itemId);
    const all = known?.length ? known : results.filter((r) => r.itemId === p.itemId);
    const variants = activeVariants(all.some((v) => v.id === p.id) ? all : [p, ...all]);
    if (variants.length === 1) {
      entries.push({ kind: 'product', product: variants[0]! });
      continue;
    }
    const prices = variants.map((v) => v.price);
    entries.push({
      kind: 'item',
      itemId: p.itemId,
      name: itemNameOf(p),
      variants,
      priceMin: Math.min(...prices),
      priceMax: Math.max(...prices),
      quantity: variants.reduce((sum, v) => sum + v.quantity, 0),
    });
  }
  return entries;
}
