import { ErrorCode, type ItemOption } from '@shopdesk/shared';
import { fieldError } from '../../core/errors.ts';

/*
 * The rules of an item's variants that need no database: values matched to their options, the
 * variants' order, a generated handle. The shared schema checks a body's own variants; these check
 * every variant of the item, listed or not, against the options it ends with.
 */

const sameText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/**
 * The index of each value among its option's values (ignoring case, as the schema does), or the
 * index of the first value that is not there as `missing`.
 */
export function valueIndexes(
  options: readonly ItemOption[],
  values: readonly string[],
): { indexes: number[] } | { missing: number } {
  if (values.length !== options.length) return { missing: Math.min(values.length, options.length) };
  const indexes: number[] = [];
  for (let k = 0; k < options.length; k++) {
    const at = options[k]!.values.findIndex((v) => sameText(v, values[k]!));
    if (at < 0) return { missing: k };
    indexes.push(at);
  }
  return { indexes };
}

export interface PlacedVariant {
  /** The values as the options spell them. */
  values: string[];
  /** Each value's index in its option: the variant's place follows the options' order. */
  indexes: number[];
}

/**
 * Places a variant's values in the item's options, or refuses with a 400 naming the field and the
 * variant (`label`): a value that is not one of its option's values, or a wrong number of values.
 * `unlisted`: the variant was not in the body, so a missing value was dropped from the options.
 */
export function placeVariant(
  options: readonly ItemOption[],
  values: readonly string[],
  field: string,
  label: string,
  unlisted: boolean,
): PlacedVariant {
  const placed = valueIndexes(options, values);
  if ('indexes' in placed)
    return { values: placed.indexes.map((at, k) => options[k]!.values[at]!), indexes: placed.indexes };
  if (values.length !== options.length) {
    const message =
      options.length === 0
        ? `${label} has options: an item keeps its options while it has several variants`
        : `${label} needs one value for each of the ${options.length} options: list it with its values`;
    throw fieldError(ErrorCode.VALIDATION_ERROR, field, message);
  }
  const k = placed.missing;
  const message = unlisted
    ? `"${values[k]}" of ${options[k]!.name} is still used by ${label}: retire its variants instead of removing the value`
    : `"${values[k]}" is not a value of ${options[k]!.name}`;
  throw fieldError(ErrorCode.VALIDATION_ERROR, field, message);
}

/** Refuses two variants with the same values (`labels` name them, in the same order). */
export function assertDistinct(placed: readonly PlacedVariant[], fields: readonly string[], labels: readonly string[]) {
  const seen = new Map<string, number>();
  placed.forEach((p, i) => {
    const key = p.indexes.join('/');
    const first = seen.get(key);
    if (first !== undefined) {
      // The field of the body's variant when one of the two is listed and the other is not.
      const field = fields[i]!.startsWith('variants.') ? fields[i]! : fields[first]!;
      throw fieldError(
        ErrorCode.VALIDATION_ERROR,
        field,
        `${labels[i]} and ${labels[first]} would have the same options (${p.values.join(', ') || 'none'})`,
      );
    }
    seen.set(key, i);
  });
}

/** Each variant's position: variants sorted by their values' places in the options, first option first. */
export function positions(placed: readonly PlacedVariant[]): number[] {
  const order = placed
    .map((p, i) => ({ p, i }))
    .sort((a, b) => {
      for (let k = 0; k < a.p.indexes.length; k++) {
        const d = a.p.indexes[k]! - b.p.indexes[k]!;
        if (d !== 0) return d;
      }
      return a.i - b.i;
    });
  const result = new Array<number>(placed.length);
  order.forEach(({ i }, rank) => (result[i] = rank));
  return result;
}

/**
 * A handle from the item's name (the CSV's item column): lowercase letters and digits joined by
 * dashes, accents dropped; "item" for a name of other scripts. The caller makes it unique.
 */
export function handleBase(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug || 'item';
}

/** The first of `base`, `base-2`, `base-3`, … not in `taken`. */
export function freeHandle(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
