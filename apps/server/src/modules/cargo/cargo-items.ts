import type { DbOrTx } from '../../db/database.ts';
import { itemDraftsOf, parseItemDraft, type ItemDraft } from '../products/index.ts';
import type { ContentRow } from './cargo-contents.repo.ts';

/**
 * A line's item (issue 44): a line naming a variant of an item with options keeps that item's name,
 * handle, options and the variant's values, so a store it is handed to creates the variant under a
 * like item (modules/products' ensureProducts). Null columns: an item of its own, as before variants.
 */

type ItemColumns = Pick<ContentRow, 'item_name' | 'item_handle' | 'item_options' | 'option_values'>;

/** The line's item columns for `draft` (all null without one). */
export function itemColumns(draft: ItemDraft | undefined): ItemColumns {
  return {
    item_name: draft?.name ?? null,
    item_handle: draft?.handle ?? null,
    item_options: draft ? JSON.stringify(draft.options) : null,
    option_values: draft ? JSON.stringify(draft.optionValues) : null,
  };
}

/** The item a line carries, if any. */
export function lineItem(line: ItemColumns): ItemDraft | undefined {
  return parseItemDraft({
    name: line.item_name,
    handle: line.item_handle,
    options: line.item_options,
    optionValues: line.option_values,
  });
}

/** The item columns of each code from the store's catalogue: its variants' items. */
export async function catalogueItems(db: DbOrTx, storeId: string, codes: string[]): Promise<Map<string, ItemColumns>> {
  const drafts = await itemDraftsOf(db, storeId, codes);
  return new Map(codes.map((code) => [code, itemColumns(drafts.get(code))]));
}

/** The item columns of one code from the store's catalogue. */
export async function catalogueItem(db: DbOrTx, storeId: string, code: string): Promise<ItemColumns> {
  return itemColumns((await itemDraftsOf(db, storeId, [code])).get(code));
}
