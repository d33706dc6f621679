import type { Kysely } from 'kysely';

/**
 * A cargo line of a variant carries its item (issue 44): a receiving store without the line's
 * code creates the variant under an item with the same name and options, so the item travels with
 * the line when the cargo is handed over. Set when the line is added from a product whose item has
 * options (and filled from the sender's catalogue on hand-over for lines added before); null for
 * a product that is an item of its own, and for every line before this migration.
 *
 * - `item_name`: the item's name (the variant's name is "Name (Value, Value)").
 * - `item_handle`: the item's CSV handle, or null; a receiver finds its item by it first.
 * - `item_options`: JSON `[{name, values[]}]`, the item's options when the line was added.
 * - `option_values`: JSON array, the variant's value of each option, in the options' order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['item_name', 'item_handle', 'item_options', 'option_values'])
    await db.schema.alterTable('cargo_contents').addColumn(column, 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['option_values', 'item_options', 'item_handle', 'item_name'])
    await db.schema.alterTable('cargo_contents').dropColumn(column).execute();
}
