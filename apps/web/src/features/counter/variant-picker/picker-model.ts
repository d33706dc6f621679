import type { CounterProduct } from '../catalog/catalog-db.ts';

/**
 * What the counter's variant picker shows, as plain functions (tested without a screen): the
 * item's options in the owner's order, which values can still be chosen, the variant a choice
 * names, and the stock grid of option 1 × option 2.
 */
export interface PickerOption {
  name: string;
  values: string[];
}

/** One value per option; null where the cashier has not chosen yet. */
export type Selection = (string | null)[];

const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

const SIZES = ['XXXS', 'XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL', '2XL', '3XL', '4XL'];
const sizeRank = (v: string) => SIZES.indexOf(v.trim().toUpperCase());

/**
 * Without the item (offline), values are ordered as a shop would: numbers by value (shoe sizes),
 * clothing sizes from small to large, anything else in the order the variants first use them.
 */
function naturalOrder(values: string[]): string[] {
  if (values.every((v) => /^\d+(\.\d+)?$/.test(v.trim()))) return [...values].sort((a, b) => Number(a) - Number(b));
  if (values.every((v) => sizeRank(v) >= 0)) return [...values].sort((a, b) => sizeRank(a) - sizeRank(b));
  return values;
}

/**
 * The options to pick from: the item's own (names and value order from GET /item/{id}) when
 * known, keeping only values some variant on sale has; otherwise derived from the variants'
 * option values position by position, named by `unnamed(n)` ("Option 1").
 */
export function pickerOptions(
  variants: readonly CounterProduct[],
  itemOptions: readonly PickerOption[] | null | undefined,
  unnamed: (position: number) => string,
): PickerOption[] {
  const width = Math.max(0, ...variants.map((v) => v.optionValues?.length ?? 0));
  const used = (k: number) => {
    const values: string[] = [];
    for (const v of variants) {
      const value = v.optionValues?.[k];
      if (value !== undefined && !values.some((w) => same(w, value))) values.push(value);
    }
    return values;
  };
  return Array.from({ length: width }, (_, k) => {
    const inUse = used(k);
    const own = itemOptions?.length === width ? itemOptions[k] : undefined;
    if (!own) return { name: unnamed(k + 1), values: naturalOrder(inUse) };
    const ordered = own.values.flatMap((value) => inUse.filter((w) => same(w, value)));
    // A value the item no longer lists (an edit not yet in this copy) still shows, last.
    return { name: own.name, values: [...ordered, ...inUse.filter((w) => !ordered.includes(w))] };
  });
}

const matches = (v: CounterProduct, k: number, value: string) => {
  const own = v.optionValues?.[k];
  return own !== undefined && same(own, value);
};

/**
 * Values of option `k` that can be chosen given the choices made for the options before it (the
 * phone picks Size, then Colour): true when some variant has them all. Later choices never
 * disable an earlier option; choosing there clears what no longer fits (`choose`).
 */
export function availableValues(
  options: readonly PickerOption[],
  variants: readonly CounterProduct[],
  selection: Selection,
  k: number,
): Map<string, boolean> {
  const fitting = variants.filter((v) =>
    selection.slice(0, k).every((value, j) => value === null || matches(v, j, value)),
  );
  return new Map(options[k]!.values.map((value) => [value, fitting.some((v) => matches(v, k, value))]));
}

/** The variant the selection names once every option is chosen; null before, or for a missing combination. */
export function variantFor(variants: readonly CounterProduct[], selection: Selection): CounterProduct | null {
  if (selection.some((value) => value === null)) return null;
  return variants.find((v) => selection.every((value, k) => matches(v, k, value!))) ?? null;
}

/** The start: an option with a single value is chosen already (one colour: only the size is asked). */
export function initialSelection(options: readonly PickerOption[]): Selection {
  return options.map((o) => (o.values.length === 1 ? o.values[0]! : null));
}

/**
 * `selection` with option `k` set to `value` (or cleared when it was that value): later choices
 * that no longer name any variant with the earlier ones are cleared, so no impossible
 * combination stays selected.
 */
export function choose(
  options: readonly PickerOption[],
  variants: readonly CounterProduct[],
  selection: Selection,
  k: number,
  value: string,
): Selection {
  const next = [...selection];
  next[k] = selection[k] === value && options[k]!.values.length > 1 ? null : value;
  for (let j = k + 1; j < options.length; j++) {
    const chosen = next[j];
    if (chosen !== null && chosen !== undefined && !availableValues(options, variants, next, j).get(chosen))
      next[j] = options[j]!.values.length === 1 ? next[j]! : null;
  }
  return next;
}

export interface StockGrid {
  /** Option 1's values, one row each. */
  rows: string[];
  /** Option 2's values, one column each; [''] for an item of one option (one column). */
  columns: string[];
  /** cells[row][column]: the variant there, or null where no variant has that combination. */
  cells: (CounterProduct | null)[][];
}

/**
 * The desktop's grid of option 1 × option 2. For an item of 3 options, `rest` holds the values
 * chosen for option 3 (chips above the grid); the cells are the variants with them.
 */
export function stockGrid(
  options: readonly PickerOption[],
  variants: readonly CounterProduct[],
  rest: readonly (string | null)[] = [],
): StockGrid {
  const rows = options[0]?.values ?? [];
  const columns = options.length > 1 ? options[1]!.values : [''];
  const fitting = variants.filter((v) => rest.every((value, i) => value === null || matches(v, i + 2, value)));
  const cells = rows.map((row) =>
    columns.map(
      (column) => fitting.find((v) => matches(v, 0, row) && (options.length < 2 || matches(v, 1, column))) ?? null,
    ),
  );
  return { rows, columns, cells };
}
