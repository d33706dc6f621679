import { ITEM_MAX_OPTIONS, itemHandleSchema } from './items.ts';
import type { ImportRow } from './products.ts';
import { singleLineText } from './validation.ts';

/*
 * The item columns of a product CSV row (PRODUCT_CSV_COLUMNS' handle and optionN Name/Value): one
 * row per variant, rows with the same handle form one item. Shared so the server reads a row
 * exactly as the web importer describes it.
 */

/** One option of a row: its name (e.g. Size) and this variant's value (e.g. M). */
export interface RowOption {
  name: string;
  value: string;
}

/** What a row says of its item: no handle and no options is a product of its own, as before. */
export interface RowItem {
  handle: string | null;
  options: RowOption[];
}

export interface RowCellError {
  field: string;
  message: string;
}

const optionName = singleLineText({ label: 'Option name', min: 1, max: 20 });
const optionValue = singleLineText({ label: 'Option value', min: 1, max: 20 });

type ItemCells = Pick<
  ImportRow,
  | 'handle'
  | 'option1Name'
  | 'option1Value'
  | 'option2Name'
  | 'option2Value'
  | 'option3Name'
  | 'option3Value'
  | 'option4Name'
  | 'option4Value'
>;

const text = (v: string | undefined) => (v ?? '').trim();

/**
 * Case aside, as the item's schemas compare names (items.ts firstRepeat), with one collator: a file's
 * 100,000 rows compare a few names each, and localeCompare with options builds a collator a call.
 */
const collator = new Intl.Collator(undefined, { sensitivity: 'accent' });
const sameText = (a: string, b: string) => collator.compare(a, b) === 0;

/** "Size", "Size and Colour", "Size, Colour and Material": how the row errors name options. */
export function optionList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? 'none';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The handle and options of a row, or the problems of its item cells, each naming its column. An
 * option is a name and a value, both given, and filled in order (option 2 only after option 1).
 */
export function readRowItem(row: ItemCells): RowItem | RowCellError[] {
  const errors: RowCellError[] = [];
  const options: RowOption[] = [];
  let gap = 0;
  for (let k = 1; k <= ITEM_MAX_OPTIONS + 1; k++) {
    const name = text(row[`option${k}Name` as keyof ItemCells]);
    const value = text(row[`option${k}Value` as keyof ItemCells]);
    if (name === '' && value === '') {
      gap ||= k;
      continue;
    }
    if (k > ITEM_MAX_OPTIONS) {
      errors.push({ field: `option${k}Name`, message: `An item has at most ${ITEM_MAX_OPTIONS} options` });
      break;
    }
    if (gap) {
      errors.push({ field: `option${k}Name`, message: `Option ${k} is filled but option ${gap} is empty` });
      continue;
    }
    if (name === '') {
      errors.push({ field: `option${k}Name`, message: `Option ${k} has a value but no name` });
      continue;
    }
    if (value === '') {
      errors.push({ field: `option${k}Value`, message: `Option ${k} has a name but no value` });
      continue;
    }
    const n = optionName.safeParse(name);
    const v = optionValue.safeParse(value);
    if (!n.success) errors.push({ field: `option${k}Name`, message: n.error.issues[0]!.message });
    if (!v.success) errors.push({ field: `option${k}Value`, message: v.error.issues[0]!.message });
    if (n.success && v.success) options.push({ name: n.data, value: v.data });
  }
  const repeat = options.findIndex((o, i) => options.slice(0, i).some((p) => sameText(o.name, p.name)));
  if (repeat >= 0) errors.push({ field: `option${repeat + 1}Name`, message: 'Two options have the same name' });

  const rawHandle = text(row.handle);
  let handle: string | null = null;
  if (rawHandle !== '') {
    const parsed = itemHandleSchema.safeParse(rawHandle);
    if (parsed.success) handle = parsed.data;
    else errors.push({ field: 'handle', message: parsed.error.issues[0]!.message });
  }
  if (errors.length > 0) return errors;
  if (handle === null && options.length > 0)
    return [{ field: 'handle', message: 'A row with options needs a handle, the same on every row of its item' }];
  if (handle !== null && options.length === 0)
    return [{ field: 'option1Name', message: 'A row with a handle needs its options (option1Name and option1Value)' }];
  return { handle, options };
}

/** The row's option names against its item's: null when they agree (case aside), else the sentence. */
export function optionsMismatch(rowNames: readonly string[], itemNames: readonly string[]): string | null {
  const same = rowNames.length === itemNames.length && rowNames.every((n, i) => sameText(n, itemNames[i]!));
  return same ? null : `The row has ${optionList(rowNames)} but the item's options are ${optionList(itemNames)}`;
}
