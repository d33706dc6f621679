import { ITEM_MAX_OPTIONS, ITEM_MAX_OPTION_VALUES, type Item, type Product } from '@shopdesk/shared';

/*
 * The item editor's state as plain data, and the pure steps that change it (product.md §5
 * "Variants"). Option values carry a key of their own so a renamed or moved value keeps its
 * variants: a variant names its combination by value keys, never by the text shown.
 */

export interface DraftValue {
  key: string;
  text: string;
  /** Saved on the server: a value in use cannot be dropped (its variants are retired instead). */
  saved: boolean;
}

export interface DraftOption {
  key: string;
  name: string;
  values: DraftValue[];
  saved: boolean;
}

/** The money and stock fields as typed (text), turned into minor units only on save. */
export interface VariantFields {
  code: string;
  price: string;
  cost: string;
  /** Opening stock: new variants only. */
  quantity: string;
}

export interface DraftVariant extends VariantFields {
  /** The product's id for a saved variant; undefined for one the save will create. */
  id?: string;
  /** One value key per option, in the options' order. */
  valueKeys: string[];
  retired: boolean;
  /** Options this saved variant had no value for (a product turned into an item): the owner picks it. */
  picked: number[];
  /** What the saved variant had, to show how much stock it holds. */
  product?: Product;
}

export interface ItemDraft {
  options: DraftOption[];
  /** Saved variants, always kept (retired rather than dropped). */
  existing: DraftVariant[];
  /** What the owner typed for new combinations, by combination key, kept while a box is unticked. */
  fresh: Record<string, DraftVariant>;
  /** Combinations the owner unticked: every other one is made (all are ticked by default). */
  unticked: string[];
  /** Fields a new combination starts with (the first price typed, say). */
  defaults: VariantFields;
  nextKey: number;
}

export const comboKey = (valueKeys: readonly string[]) => valueKeys.join('|');

const emptyFields = (): VariantFields => ({ code: '', price: '', cost: '', quantity: '' });

/** Every combination of the options' values, first option slowest (S·Red, S·Blue, M·Red…). */
export function combinations(options: readonly DraftOption[]): string[][] {
  let out: string[][] = [[]];
  for (const option of options) out = out.flatMap((combo) => option.values.map((v) => [...combo, v.key]));
  return options.length === 0 ? [[]] : out;
}

export function emptyDraft(): ItemDraft {
  return { options: [], existing: [], fresh: {}, unticked: [], defaults: emptyFields(), nextKey: 1 };
}

/** A saved item as a draft: its options with keys, each variant on its combination. */
export function draftOfItem(item: Pick<Item, 'options' | 'variants'>, money: (minor: number) => string): ItemDraft {
  let next = 1;
  const options: DraftOption[] = item.options.map((o) => ({
    key: `o${next++}`,
    name: o.name,
    saved: true,
    values: o.values.map((text) => ({ key: `v${next++}`, text, saved: true })),
  }));
  const existing = item.variants.map((p): DraftVariant => {
    const picked: number[] = [];
    const valueKeys = options.map((o, k) => {
      const text = p.optionValues[k];
      const found = o.values.find((v) => text !== undefined && v.text.toLowerCase() === text.toLowerCase());
      if (!found) picked.push(k);
      return (found ?? o.values[0]!).key;
    });
    return {
      id: p.id,
      valueKeys,
      picked,
      code: p.code,
      price: money(p.price),
      cost: p.cost ? money(p.cost) : '',
      quantity: '',
      retired: p.retired,
      product: p,
    };
  });
  return { options, existing, fresh: {}, unticked: [], defaults: emptyFields(), nextKey: next };
}

/** A product of its own, as the one saved variant of an item without options yet. */
export function draftOfProduct(product: Product, money: (minor: number) => string): ItemDraft {
  return draftOfItem({ options: [], variants: [product] }, money);
}

/** Combination keys the saved variants hold: ticked for good (a saved variant is retired, not unticked). */
export function takenCombos(draft: ItemDraft): Set<string> {
  return new Set(draft.existing.map((v) => comboKey(v.valueKeys)));
}

export function isTicked(draft: ItemDraft, combo: string): boolean {
  return takenCombos(draft).has(combo) || !draft.unticked.includes(combo);
}

/** The new variants the save would create, in combination order, with what was typed for each. */
export function newVariants(draft: ItemDraft): DraftVariant[] {
  const taken = takenCombos(draft);
  // An item without options has one variant: the saved one, or one new.
  if (draft.options.length === 0 && draft.existing.length > 0) return [];
  return combinations(draft.options)
    .filter((combo) => !taken.has(comboKey(combo)) && !draft.unticked.includes(comboKey(combo)))
    .map(
      (combo) => draft.fresh[comboKey(combo)] ?? { ...draft.defaults, valueKeys: combo, retired: false, picked: [] },
    );
}

/** Every variant in the table's order: the options' value order, saved and new together. */
export function allVariants(draft: ItemDraft): DraftVariant[] {
  const order = new Map(combinations(draft.options).map((c, i) => [comboKey(c), i]));
  const rank = (v: DraftVariant) => order.get(comboKey(v.valueKeys)) ?? Number.MAX_SAFE_INTEGER;
  return [...draft.existing, ...newVariants(draft)].sort((a, b) => rank(a) - rank(b));
}

/** A variant's row key: its id when saved, its combination when new. */
export const variantKey = (v: DraftVariant) => v.id ?? `new:${comboKey(v.valueKeys)}`;

/** The option values a variant shows and sends, in the options' order. */
export function valueTexts(draft: ItemDraft, v: DraftVariant): string[] {
  return v.valueKeys.map((key, k) => draft.options[k]?.values.find((x) => x.key === key)?.text ?? '');
}

/** Changes fields of the variants whose row keys are given (one row's edit, or a bulk edit). */
export function editVariants(
  draft: ItemDraft,
  keys: readonly string[],
  fields: Partial<VariantFields & { retired: boolean }>,
): ItemDraft {
  const wanted = new Set(keys);
  const existing = draft.existing.map((v) => (wanted.has(variantKey(v)) ? { ...v, ...fields } : v));
  const fresh = { ...draft.fresh };
  for (const v of newVariants(draft)) if (wanted.has(variantKey(v))) fresh[comboKey(v.valueKeys)] = { ...v, ...fields };
  return { ...draft, existing, fresh };
}

/** Bulk edit: the price and/or cost typed once, set on every selected variant (retired ones too). */
export function bulkSet(draft: ItemDraft, keys: readonly string[], price: string, cost: string): ItemDraft {
  const fields: Partial<VariantFields> = {};
  if (price.trim()) fields.price = price.trim();
  if (cost.trim()) fields.cost = cost.trim();
  return Object.keys(fields).length ? editVariants(draft, keys, fields) : draft;
}

/** A saved variant with no value yet for an option: the owner picks which one it takes. */
export function pickValue(draft: ItemDraft, id: string, option: number, valueKey: string): ItemDraft {
  return {
    ...draft,
    existing: draft.existing.map((v) => {
      if (v.id !== id) return v;
      const valueKeys = [...v.valueKeys];
      valueKeys[option] = valueKey;
      return { ...v, valueKeys };
    }),
  };
}

export function setTicked(draft: ItemDraft, combo: string, ticked: boolean): ItemDraft {
  const unticked = draft.unticked.filter((c) => c !== combo);
  return { ...draft, unticked: ticked ? unticked : [...unticked, combo] };
}

/** Ticks or unticks every combination not held by a saved variant. */
export function setAllTicked(draft: ItemDraft, ticked: boolean): ItemDraft {
  const taken = takenCombos(draft);
  const free = combinations(draft.options)
    .map(comboKey)
    .filter((c) => !taken.has(c));
  return { ...draft, unticked: ticked ? [] : free };
}

export function addOption(draft: ItemDraft, name: string): ItemDraft {
  if (draft.options.length >= ITEM_MAX_OPTIONS) return draft;
  const option: DraftOption = { key: `o${draft.nextKey}`, name, values: [], saved: false };
  return { ...draft, options: [...draft.options, option], nextKey: draft.nextKey + 1 };
}

export function renameOption(draft: ItemDraft, optionKey: string, name: string): ItemDraft {
  return { ...draft, options: draft.options.map((o) => (o.key === optionKey ? { ...o, name } : o)) };
}

/**
 * An option with no saved value can go; the saved variants lose their value for it. An option of
 * the saved item cannot (a variant's values would collide); the editor does not offer it.
 */
export function removeOption(draft: ItemDraft, optionKey: string): ItemDraft {
  const at = draft.options.findIndex((o) => o.key === optionKey);
  if (at < 0 || draft.options[at]!.saved) return draft;
  const drop = <T extends { valueKeys: string[]; picked: number[] }>(v: T): T => ({
    ...v,
    valueKeys: v.valueKeys.filter((_, k) => k !== at),
    picked: v.picked.filter((k) => k !== at).map((k) => (k > at ? k - 1 : k)),
  });
  return {
    ...draft,
    options: draft.options.filter((o) => o.key !== optionKey),
    existing: draft.existing.map(drop),
    fresh: {},
    unticked: [],
  };
}

/** Adds values to an option (several at once: "S, M, L" typed or pasted); repeats are skipped. */
export function addValues(draft: ItemDraft, optionKey: string, texts: readonly string[]): ItemDraft {
  const at = draft.options.findIndex((o) => o.key === optionKey);
  const option = draft.options[at];
  if (!option) return draft;
  let next = draft.nextKey;
  const values = [...option.values];
  for (const raw of texts) {
    const text = raw.trim();
    if (!text || values.length >= ITEM_MAX_OPTION_VALUES) continue;
    if (values.some((v) => v.text.toLowerCase() === text.toLowerCase())) continue;
    values.push({ key: `v${next++}`, text, saved: false });
  }
  const options = draft.options.map((o, k) => (k === at ? { ...o, values } : o));
  // Saved variants with no value for this option yet take its first one (the owner may pick another).
  const first = values[0]?.key;
  const existing = draft.existing.map((v) => {
    if (v.valueKeys.length > at || !first) return v;
    const valueKeys = [...v.valueKeys];
    for (let k = valueKeys.length; k < options.length; k++) {
      const key = options[k]!.values[0]?.key;
      if (!key) break;
      valueKeys.push(key);
    }
    const picked = [...v.picked];
    for (let k = v.valueKeys.length; k < valueKeys.length; k++) picked.push(k);
    return { ...v, valueKeys, picked };
  });
  return { ...draft, options, existing, nextKey: next };
}

export function renameValue(draft: ItemDraft, optionKey: string, valueKey: string, text: string): ItemDraft {
  return {
    ...draft,
    options: draft.options.map((o) =>
      o.key === optionKey ? { ...o, values: o.values.map((v) => (v.key === valueKey ? { ...v, text } : v)) } : o,
    ),
  };
}

/** Whether a saved variant holds this value: it cannot be removed then (retire those variants). */
export function valueInUse(draft: ItemDraft, valueKey: string): boolean {
  return draft.existing.some((v) => v.valueKeys.includes(valueKey));
}

export function removeValue(draft: ItemDraft, optionKey: string, valueKey: string): ItemDraft {
  if (valueInUse(draft, valueKey)) return draft;
  return {
    ...draft,
    options: draft.options.map((o) =>
      o.key === optionKey ? { ...o, values: o.values.filter((v) => v.key !== valueKey) } : o,
    ),
  };
}

/** Moves a value (drag and drop, or the up and down buttons) to position `to` of its option. */
export function moveValue(draft: ItemDraft, optionKey: string, from: number, to: number): ItemDraft {
  return {
    ...draft,
    options: draft.options.map((o) => {
      if (o.key !== optionKey || from === to || to < 0 || to >= o.values.length || !o.values[from]) return o;
      const values = [...o.values];
      const [moved] = values.splice(from, 1);
      values.splice(to, 0, moved!);
      return { ...o, values };
    }),
  };
}

/** Moves a whole option; every variant's values move with it. */
export function moveOption(draft: ItemDraft, from: number, to: number): ItemDraft {
  if (from === to || to < 0 || to >= draft.options.length || !draft.options[from]) return draft;
  const order = draft.options.map((_, k) => k);
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved!);
  const reorder = (keys: string[]) => order.map((k) => keys[k]!).filter((k) => k !== undefined);
  const remapPicked = (picked: number[]) => picked.map((k) => order.indexOf(k));
  const fresh: Record<string, DraftVariant> = {};
  for (const v of Object.values(draft.fresh)) {
    const valueKeys = reorder(v.valueKeys);
    fresh[comboKey(valueKeys)] = { ...v, valueKeys };
  }
  return {
    ...draft,
    options: order.map((k) => draft.options[k]!),
    existing: draft.existing.map((v) => ({ ...v, valueKeys: reorder(v.valueKeys), picked: remapPicked(v.picked) })),
    fresh,
    unticked: draft.unticked.map((c) => comboKey(reorder(c.split('|')))),
  };
}
