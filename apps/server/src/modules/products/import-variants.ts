import {
  ITEM_MAX_OPTION_VALUES,
  ITEM_MAX_VARIANTS,
  VARIANT_NAME_MAX,
  optionsMismatch,
  variantName,
  type ItemOption,
} from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import type { ItemRow, NewItem, ProductRow } from '../../db/types.ts';
import { nameSortKey } from '../../core/text-keys.ts';
import { newId } from '../../lib/ids.ts';
import type { ImportField, ParsedRow, RowError } from './import-rows.ts';
import {
  findItemsByHandles,
  findItemsByIds,
  findVariantsOfItems,
  type ItemEdit,
  type VariantPlace,
} from './items-import.repo.ts';
import { searchText } from './products.repo.ts';

/*
 * The rows of an import chunk that carry a handle: rows with the same handle are one item, whose
 * option names come from its first row (or the item the store has under that handle) and whose
 * values are collected in file order. Each row is turned into a product row as the plain import
 * writes it (its name "T-shirt (M, Red)", the item's brand, description and category), plus where
 * it sits in its item; import-apply.ts creates or updates it as any other row.
 */

type Product = ParsedRow['product'];

/** The item fields every variant copies (the item service's rule, product.md §4). */
interface ItemFields {
  name: string;
  brand: string;
  description: string;
  category: string;
}

/** A handle's item as the chunk builds it. */
interface ItemGroup {
  id: string;
  handle: string;
  stored: ItemRow | null;
  names: string[];
  /** Per option, the values seen so far (the item's first, then the rows'), for their spelling. */
  values: string[][];
  fields: ItemFields;
  /** Which product has each combination: a variant in the database, or a row of this chunk. */
  combos: Map<string, { productId: string | null; code: string; line: number | null }>;
  variantCount: number;
  nextPosition: number;
  /** Products of the chunk placed in this item, in line order. */
  members: Array<{ values: string[]; accepted: () => boolean }>;
  /** Whether a row of this chunk gave the stored item's fields (its first row does). */
  given: boolean;
  /** The item's variants in the database. */
  variants: ProductRow[];
}

/** What a handle row becomes: the product as the plain import writes it, and its place. */
export interface PlacedRow {
  product: Product;
  given: Set<ImportField>;
  place: Omit<VariantPlace, 'id' | 'variant_position'> & {
    /** For a new variant: its position among the item's variants, and the item's image. */
    position: number;
    imageId: string | null;
  };
  /** Called with the product row once import-apply.ts has it (created or found). */
  bind: (productId: string, accepted: () => boolean) => void;
}

const comboKey = (values: string[]) => values.map((v) => v.toLowerCase()).join('\u0000');
/** Case aside, as the item's schemas compare values; one collator (localeCompare with options builds one a call). */
const collator = new Intl.Collator(undefined, { sensitivity: 'accent' });
const sameText = (a: string, b: string) => collator.compare(a, b) === 0;

function parseOptions(json: string): ItemOption[] {
  return JSON.parse(json) as ItemOption[];
}

/** The items of one import chunk's handle rows; `place` each row in line order, then `finish`. */
export class ChunkItems {
  private readonly groups = new Map<string, ItemGroup>();
  /** Items of products the chunk's rows name, to tell an item of its own from another item's variant. */
  private readonly ownerOf = new Map<string, ItemRow>();
  /** Items of their own whose product a row moved into an item with options. */
  readonly emptied = new Set<string>();

  private constructor(
    private readonly storeId: string,
    private readonly at: string,
  ) {}

  /** Reads the items of the chunk's handles, their variants, and the items of the products it names. */
  static async load(
    trx: DbOrTx,
    storeId: string,
    at: string,
    lines: ParsedRow[],
    found: ProductRow[],
  ): Promise<ChunkItems> {
    const chunk = new ChunkItems(storeId, at);
    const handles = [...new Set(lines.flatMap((l) => (l.item.handle === null ? [] : [l.item.handle])))];
    if (handles.length === 0) return chunk;
    const items = await findItemsByHandles(trx, storeId, handles);
    const variants = await findVariantsOfItems(
      trx,
      storeId,
      items.map((i) => i.id),
    );
    const byItem = new Map<string, ProductRow[]>();
    for (const v of variants) byItem.set(v.item_id, [...(byItem.get(v.item_id) ?? []), v]);
    for (const item of items) {
      const handle = item.handle ?? item.id;
      if (!chunk.groups.has(handle))
        chunk.groups.set(handle, chunk.storedGroup(handle, item, byItem.get(item.id) ?? []));
    }
    const handleCodes = new Set(lines.filter((l) => l.item.handle !== null).map((l) => l.product.code));
    const owners = [...new Set(found.filter((p) => handleCodes.has(p.code)).map((p) => p.item_id))];
    for (const item of await findItemsByIds(trx, storeId, owners)) chunk.ownerOf.set(item.id, item);
    return chunk;
  }

  private storedGroup(handle: string, item: ItemRow, variants: ProductRow[]): ItemGroup {
    const options = parseOptions(item.options);
    const combos: ItemGroup['combos'] = new Map();
    for (const v of variants)
      combos.set(comboKey(JSON.parse(v.option_values)), { productId: v.id, code: v.code, line: null });
    return {
      id: item.id,
      handle,
      stored: item,
      names: options.map((o) => o.name),
      values: options.map((o) => [...o.values]),
      fields: { name: item.name, brand: item.brand, description: item.description, category: item.category },
      combos,
      variantCount: variants.length,
      nextPosition: Math.max(-1, ...variants.map((v) => v.variant_position)) + 1,
      members: [],
      variants,
      given: false,
    };
  }

  /**
   * A handle row's product and place in its item, or why it cannot be: options unlike the item's,
   * a combination another row or variant has, a barcode of another item, or past the item's limits.
   * `existing` is the product of the row's code, if the store or an earlier row of the chunk has it.
   */
  place(row: ParsedRow, existing: ProductRow | undefined): PlacedRow | RowError {
    const { line, product, given } = row;
    const handle = row.item.handle!;
    const names = row.item.options.map((o) => o.name);
    let group = this.groups.get(handle);
    const fail = (field: string, message: string): RowError => ({ line, field, message });
    if (group) {
      const mismatch = optionsMismatch(names, group.names);
      if (mismatch) return fail('option1Name', mismatch);
    }
    // A product of its own joins the item; a variant of another item stays where it is. (A code is
    // under one handle in a batch: product-import.service.ts refuses it under a second one.)
    const owner = existing && existing.item_id !== group?.id ? this.ownerOf.get(existing.item_id) : undefined;
    if (owner && owner.options !== '[]') return fail('code', 'This barcode is a variant of another item');
    group ??= this.newGroup(handle, names, product);
    const fields = this.fieldsOf(group, row);
    // A value spelled as the item already has it ("m" is M) keeps the item's spelling.
    const values = row.item.options.map((o, k) => group.values[k]!.find((v) => sameText(v, o.value)) ?? o.value);
    const key = comboKey(values);
    const holder = group.combos.get(key);
    if (holder && (existing === undefined || holder.productId !== existing.id)) {
      return holder.line !== null
        ? fail('option1Value', `Line ${holder.line} has the same options for this item`)
        : fail('option1Value', `The item already has these options on barcode ${holder.code}`);
    }
    const isNewVariant = existing === undefined || existing.item_id !== group.id;
    if (isNewVariant && group.variantCount >= ITEM_MAX_VARIANTS)
      return fail('handle', `An item has at most ${ITEM_MAX_VARIANTS} variants`);
    const full = values.findIndex(
      (v, k) => !group.values[k]!.includes(v) && group.values[k]!.length >= ITEM_MAX_OPTION_VALUES,
    );
    if (full >= 0) return fail(`option${full + 1}Value`, `An option has at most ${ITEM_MAX_OPTION_VALUES} values`);
    const name = variantName(fields.name, values);
    if (name.length > VARIANT_NAME_MAX)
      return fail(
        'name',
        `The name with its options is longer than ${VARIANT_NAME_MAX} characters: shorten the name or the values`,
      );

    group.fields = fields;
    group.given = true;
    values.forEach((v, k) => {
      if (!group.values[k]!.includes(v)) group.values[k]!.push(v);
    });
    if (existing) for (const [k, h] of group.combos) if (h.productId === existing.id) group.combos.delete(k);
    if (owner) this.emptied.add(owner.id);
    const holding = { productId: existing?.id ?? null, code: product.code, line };
    group.combos.set(key, holding);
    if (isNewVariant) group.variantCount++;
    const member: ItemGroup['members'][number] = { values, accepted: () => true };
    group.members.push(member);
    return {
      product: { ...product, name, brand: fields.brand, description: fields.description, category: fields.category },
      given: new Set([...given, 'name', 'brand', 'description', 'category']),
      place: {
        item_id: group.id,
        option_values: JSON.stringify(values),
        position: group.nextPosition++,
        imageId: group.stored?.image_id ?? null,
      },
      bind: (productId, accepted) => {
        holding.productId = productId;
        member.accepted = accepted;
      },
    };
  }

  /**
   * The item's fields after this row: the first row of the chunk that names a stored item gives its
   * name and the text columns it has; later rows of the item follow it (one item, one name).
   */
  private fieldsOf(group: ItemGroup, row: ParsedRow): ItemFields {
    if (group.given) return group.fields;
    const next = { ...group.fields };
    for (const field of ['name', 'brand', 'description', 'category'] as const)
      if (row.given.has(field)) next[field] = row.product[field];
    return next;
  }

  /** A handle the store does not have: its options and fields are its first row's. */
  private newGroup(handle: string, names: string[], product: Product): ItemGroup {
    const group: ItemGroup = {
      id: newId(),
      handle,
      stored: null,
      names,
      values: names.map(() => []),
      fields: {
        name: product.name,
        brand: product.brand,
        description: product.description,
        category: product.category,
      },
      combos: new Map(),
      variantCount: 0,
      nextPosition: 0,
      members: [],
      variants: [],
      given: true,
    };
    this.groups.set(handle, group);
    return group;
  }

  /**
   * The items to write once the free limit has taken its share: new items with at least one
   * variant created or moved in, and the stored items whose options grew. Options keep the item's
   * values first, then the accepted rows' new values in file order.
   */
  finish(): { created: NewItem[]; edited: ItemEdit[] } {
    const created: NewItem[] = [];
    const edited: ItemEdit[] = [];
    for (const group of this.groups.values()) {
      const accepted = group.members.filter((m) => m.accepted());
      const base = group.stored
        ? parseOptions(group.stored.options).map((o) => [...o.values])
        : group.names.map(() => []);
      for (const { values } of accepted)
        values.forEach((v, k) => {
          if (!base[k]!.includes(v)) base[k]!.push(v);
        });
      const options = JSON.stringify(group.names.map((name, k) => ({ name, values: base[k]! })));
      const { fields } = group;
      if (!group.stored) {
        if (accepted.length === 0) continue;
        created.push({
          store_id: this.storeId,
          id: group.id,
          handle: group.handle,
          ...fields,
          name_key: nameSortKey(fields.name),
          image_id: null,
          options,
          created_at: this.at,
          updated_at: this.at,
        });
        continue;
      }
      const s = group.stored;
      const same =
        s.handle === group.handle &&
        s.options === options &&
        s.name === fields.name &&
        s.brand === fields.brand &&
        s.description === fields.description &&
        s.category === fields.category;
      if (!same)
        edited.push({
          id: s.id,
          handle: group.handle,
          ...fields,
          name_key: nameSortKey(fields.name),
          options,
          updated_at: this.at,
        });
    }
    return { created, edited };
  }

  /**
   * The stored variants the chunk's rows did not name whose copy of the item's fields is now out of
   * date (the item's name, brand, description or category changed), as their new rows.
   */
  restated(named: Set<string>): ProductRow[] {
    const out: ProductRow[] = [];
    for (const group of this.groups.values()) {
      const { fields } = group;
      for (const v of group.variants) {
        if (named.has(v.id)) continue;
        const name = variantName(fields.name, JSON.parse(v.option_values));
        if (
          v.name === name &&
          v.brand === fields.brand &&
          v.description === fields.description &&
          v.category === fields.category
        )
          continue;
        out.push({
          ...v,
          name,
          name_key: nameSortKey(name),
          brand: fields.brand,
          description: fields.description,
          category: fields.category,
          search: searchText(v.code, name, fields.brand),
          updated_at: this.at,
        });
      }
    }
    return out;
  }
}
