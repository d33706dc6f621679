/* eslint-disable @typescript-eslint/no-explicit-any -- test responses are checked field by field */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { variantName, type ItemOption } from '@shopdesk/shared';
import { foldText, nameSortKey } from '../../core/text-keys.ts';
import { createUser, unique, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type TestApp } from '../../test/harness.ts';
import { expectLedgerConsistent } from '../../test/ledger.ts';
import {
  addStore,
  contentsOf,
  createCargo,
  createProduct,
  inStore,
  issueQr,
  mark,
  receive,
  sku,
} from './cargo.test-helpers.ts';

interface Variant {
  code: string;
  values: string[];
  price: number;
}

/**
 * An item with options and its variants in a store, written as the items service writes them
 * (product.md §4: variants named "Name (Value, Value)", item_id, option_values, positions). The
 * items API (POST /api/secure/item) is built beside this work; until it is on this branch this
 * factory stands in for it, so the cargo tests do not depend on it.
 */
async function insertItem(
  t: TestApp,
  storeId: string,
  item: { name: string; handle: string | null; options: ItemOption[]; variants: Variant[] },
): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await t.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('items')
      .values({
        store_id: storeId,
        id,
        handle: item.handle,
        name: item.name,
        name_key: nameSortKey(item.name),
        brand: 'Acme',
        description: '',
        category: 'Clothes',
        image_id: null,
        options: JSON.stringify(item.options),
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto('products')
      .values(
        item.variants.map((v, position) => {
          const name = variantName(item.name, v.values);
          const lower = `${v.code}\n${name}\nacme`.toLowerCase();
          return {
            id: randomUUID(),
            store_id: storeId,
            code: v.code,
            name,
            name_key: nameSortKey(name),
            brand: 'Acme',
            description: '',
            category: 'Clothes',
            price: v.price,
            cost: 0,
            quantity: 0,
            image_id: null,
            reorder_level: null,
            tax_rate: null,
            unit: 'EACH',
            search: foldText(lower) === lower ? lower : `${lower}\n${foldText(lower)}`,
            created_at: now,
            updated_at: now,
            quantity_changed_at: null,
            item_id: id,
            option_values: JSON.stringify(v.values),
            variant_position: position,
            retired_at: null,
          };
        }),
      )
      .execute();
  });
  return id;
}

const product = async (t: TestApp, u: TestUser, code: string, store = u.store) => {
  const res = await t.request('GET', `/api/secure/product/code/${code}`, inStore(u, store));
  expect(res.status, res.text).toBe(200);
  return res.body as any;
};

/** The store's items with options, as rows. */
const itemsWithOptions = (t: TestApp, storeId: string) =>
  t.db.selectFrom('items').selectAll().where('store_id', '=', storeId).where('options', '<>', '[]').execute();

const SIZE_COLOUR: ItemOption[] = [
  { name: 'Size', values: ['S', 'M', 'L'] },
  { name: 'Colour', values: ['Red', 'Blue'] },
];

describe.each(engines)('cargo of variants on %s', (engine) => {
  const t = useTestApp(engine);

  it('a store receiving variants by QR creates their item with its options, and a second hand-over reuses it', async () => {
    const sender = await createUser(t);
    const receiver = await createUser(t);
    const handle = `tee-${unique()}`;
    const [mRed, lBlue, sRed, plain] = [sku(), sku(), sku(), sku()];
    await insertItem(t, sender.store.id, {
      name: 'T-shirt',
      handle,
      options: SIZE_COLOUR,
      variants: [
        { code: sRed, values: ['S', 'Red'], price: 1400 },
        { code: mRed, values: ['M', 'Red'], price: 1500 },
        { code: lBlue, values: ['L', 'Blue'], price: 1600 },
      ],
    });
    await createProduct(t, sender, plain, 0, 300);

    const first = await createCargo(t, sender, {
      name: 'Shirts',
      contents: [
        { code: mRed, name: 'T-shirt (M, Red)', brand: 'Acme', quantity: 3, price: 1500 },
        { code: plain, name: `Product ${plain}`, quantity: 4, price: 300 },
      ],
    });
    // Added from a known variant (as the app adds a scanned one: its name, brand and price), the
    // line carries its item; so does a line added later.
    const added = await t.request('POST', `/api/secure/cargo-content/code/${first.code}/content`, {
      ...inStore(sender),
      body: { code: lBlue, name: 'T-shirt (L, Blue)', brand: 'Acme', quantity: 2, price: 1600 },
    });
    expect(added.status, added.text).toBe(201);
    const lines = await t.db
      .selectFrom('cargo_contents')
      .select(['code', 'item_name', 'item_handle', 'item_options', 'option_values'])
      .where('store_id', '=', sender.store.id)
      .execute();
    const lineOf = (code: string) => lines.find((l) => l.code === code)!;
    expect(lineOf(mRed)).toMatchObject({ item_name: 'T-shirt', item_handle: handle, option_values: '["M","Red"]' });
    expect(JSON.parse(lineOf(lBlue).item_options!)).toEqual(SIZE_COLOUR);
    expect(lineOf(plain)).toMatchObject({ item_name: null, item_options: null, option_values: null });

    const qr = await issueQr(t, sender, first.code);
    const copy = await receive(t, receiver, qr.token);
    expect(copy.status, copy.text).toBe(201);
    expect((await mark(t, receiver, 'arrived', copy.body.code)).status).toBe(200);

    const items = await itemsWithOptions(t, receiver.store.id);
    expect(items).toHaveLength(1);
    const item = items[0]!;
    expect(item).toMatchObject({ name: 'T-shirt', handle, brand: 'Acme' });
    expect(JSON.parse(item.options)).toEqual(SIZE_COLOUR);
    const m = await product(t, receiver, mRed);
    expect(m).toMatchObject({ name: 'T-shirt (M, Red)', brand: 'Acme', quantity: 3, price: 1500, itemId: item.id });
    expect(m.optionValues).toEqual(['M', 'Red']);
    const l = await product(t, receiver, lBlue);
    expect(l).toMatchObject({ name: 'T-shirt (L, Blue)', brand: 'Acme', quantity: 2, price: 1600, itemId: item.id });
    expect(l.optionValues).toEqual(['L', 'Blue']);
    // A product without options is an item of its own, as before variants.
    const p = await product(t, receiver, plain);
    expect(p).toMatchObject({ quantity: 4, itemId: p.id, optionValues: [] });
    expect(await t.db.selectFrom('items').select('options').where('id', '=', p.id).executeTakeFirst()).toEqual({
      options: '[]',
    });
    await expectLedgerConsistent(t, receiver.store.id);

    // Another hand-over of the same item: one more variant under it, more of one it has.
    const second = await createCargo(t, sender, {
      name: 'More shirts',
      contents: [
        { code: sRed, name: 'T-shirt (S, Red)', brand: 'Acme', quantity: 5, price: 1400 },
        { code: mRed, name: 'T-shirt (M, Red)', brand: 'Acme', quantity: 1, price: 1500 },
      ],
    });
    const again = await receive(t, receiver, (await issueQr(t, sender, second.code)).token);
    expect(again.status, again.text).toBe(201);
    expect((await mark(t, receiver, 'arrived', again.body.code)).status).toBe(200);
    expect(await itemsWithOptions(t, receiver.store.id)).toHaveLength(1);
    const s = await product(t, receiver, sRed);
    expect(s).toMatchObject({ name: 'T-shirt (S, Red)', brand: 'Acme', quantity: 5, itemId: item.id });
    expect(s.optionValues).toEqual(['S', 'Red']);
    expect(await product(t, receiver, mRed)).toMatchObject({ quantity: 4, itemId: item.id });
    const positions = await t.db
      .selectFrom('products')
      .select(['code', 'variant_position'])
      .where('store_id', '=', receiver.store.id)
      .where('item_id', '=', item.id)
      .orderBy('variant_position')
      .execute();
    expect(positions.map((r) => [r.code, Number(r.variant_position)])).toEqual([
      [mRed, 0],
      [lBlue, 1],
      [sRed, 2],
    ]);
    await expectLedgerConsistent(t, receiver.store.id);
    await expectLedgerConsistent(t, sender.store.id);
  });

  it('a direct transfer joins the item with the same name and option names, adding the values it lacks', async () => {
    const u = await createUser(t);
    const branch = await addStore(t, u);
    const [sBlue, mRed, here] = [sku(), sku(), sku()];
    // Lines added before lines carried their item: the hand-over reads the sender's catalogue.
    const cargo = await createCargo(t, u, {
      name: 'To the branch',
      contents: [
        { code: sBlue, name: 'Polo (S, Blue)', brand: 'Acme', quantity: 2, price: 2000 },
        { code: mRed, name: 'Polo (M, Red)', brand: 'Acme', quantity: 1, price: 2000 },
      ],
    });
    await insertItem(t, u.store.id, {
      name: 'Polo',
      handle: null,
      options: SIZE_COLOUR,
      variants: [
        { code: sBlue, values: ['S', 'Blue'], price: 2000 },
        { code: mRed, values: ['M', 'Red'], price: 2000 },
      ],
    });
    // The branch has a Polo already, with the same options named in another order and case, and
    // fewer values; and another item named Polo with other options, which is not it.
    const polo = await insertItem(t, branch.id, {
      name: 'polo',
      handle: null,
      options: [
        { name: 'colour', values: ['Red'] },
        { name: 'size', values: ['S'] },
      ],
      variants: [{ code: here, values: ['Red', 'S'], price: 1900 }],
    });
    await insertItem(t, branch.id, {
      name: 'Polo',
      handle: null,
      options: [{ name: 'Fit', values: ['Slim'] }],
      variants: [{ code: sku(), values: ['Slim'], price: 1900 }],
    });

    const moved = await t.request('POST', `/api/secure/cargo/code/${cargo.code}/transfer`, {
      ...inStore(u),
      body: { targetStore: branch.urlName },
    });
    expect(moved.status, moved.text).toBe(200);
    const there = await t.request<any[]>('GET', '/api/secure/cargo/not-arrived', inStore(u, branch));
    const copy = there.body.find((c) => c.name === 'To the branch');
    const counted = await contentsOf(t, u, copy.code, branch);
    // The receiver counts one blue S short.
    const blue = counted.find((c) => c.code === sBlue)!;
    const put = await t.request('PUT', `/api/secure/cargo-content/code/${copy.code}/content/${blue.contentId}`, {
      ...inStore(u, branch),
      body: { receivedQuantity: 1 },
    });
    expect(put.status, put.text).toBe(200);
    expect((await mark(t, u, 'arrived', copy.code, branch)).status).toBe(200);

    const s = await product(t, u, sBlue, branch);
    expect(s).toMatchObject({ name: 'polo (Blue, S)', quantity: 1, itemId: polo });
    expect(s.optionValues).toEqual(['Blue', 'S']);
    const m = await product(t, u, mRed, branch);
    expect(m).toMatchObject({ name: 'polo (Red, M)', quantity: 1, itemId: polo });
    expect(m.optionValues).toEqual(['Red', 'M']);
    const item = await t.db
      .selectFrom('items')
      .select(['options', 'handle'])
      .where('store_id', '=', branch.id)
      .where('id', '=', polo)
      .executeTakeFirstOrThrow();
    expect(item.handle).toBeNull();
    expect(JSON.parse(item.options)).toEqual([
      { name: 'colour', values: ['Red', 'Blue'] },
      { name: 'size', values: ['S', 'M'] },
    ]);
    expect(await itemsWithOptions(t, branch.id)).toHaveLength(2);
    await expectLedgerConsistent(t, branch.id);
  });

  it('a variant whose combination the receiving item has under another barcode arrives as a product of its own', async () => {
    const sender = await createUser(t);
    const receiver = await createUser(t);
    const [theirs, ours] = [sku(), sku()];
    const handle = `cap-${unique()}`;
    const options: ItemOption[] = [{ name: 'Size', values: ['One'] }];
    await insertItem(t, sender.store.id, {
      name: 'Cap',
      handle,
      options,
      variants: [{ code: theirs, values: ['One'], price: 900 }],
    });
    const cap = await insertItem(t, receiver.store.id, {
      name: 'Cap',
      handle,
      options,
      variants: [{ code: ours, values: ['One'], price: 900 }],
    });
    const cargo = await createCargo(t, sender, {
      name: 'Caps',
      contents: [{ code: theirs, name: 'Cap (One)', brand: 'Acme', quantity: 2, price: 900 }],
    });
    const copy = await receive(t, receiver, (await issueQr(t, sender, cargo.code)).token);
    expect(copy.status, copy.text).toBe(201);
    expect((await mark(t, receiver, 'arrived', copy.body.code)).status).toBe(200);
    const p = await product(t, receiver, theirs);
    expect(p).toMatchObject({ name: 'Cap (One)', brand: 'Acme', quantity: 2, itemId: p.id, optionValues: [] });
    expect(p.itemId).not.toBe(cap);
    await expectLedgerConsistent(t, receiver.store.id);
  });
});

// The free plan counts variants as products (product.md §5): arrival creating them is refused as a
// whole past the limit, item included, and the goods stay in the cargo.
describe.each(engines)('cargo of variants on the free plan on %s', (engine) => {
  const t = useTestApp(engine, { FREE_PRODUCT_LIMIT: '2' });

  it('refuses an arrival whose variants do not fit, creating neither them nor their item', async () => {
    const sender = await createUser(t);
    const receiver = await createUser(t);
    const [mRed, lBlue] = [sku(), sku()];
    await insertItem(t, sender.store.id, {
      name: 'Hoodie',
      handle: null,
      options: SIZE_COLOUR,
      variants: [
        { code: mRed, values: ['M', 'Red'], price: 3000 },
        { code: lBlue, values: ['L', 'Blue'], price: 3000 },
      ],
    });
    await createProduct(t, receiver, sku(), 1);
    const cargo = await createCargo(t, sender, {
      name: 'Hoodies',
      contents: [
        { code: mRed, name: 'Hoodie (M, Red)', brand: 'Acme', quantity: 1, price: 3000 },
        { code: lBlue, name: 'Hoodie (L, Blue)', brand: 'Acme', quantity: 1, price: 3000 },
      ],
    });
    const copy = await receive(t, receiver, (await issueQr(t, sender, cargo.code)).token);
    expect(copy.status, copy.text).toBe(201);
    const refused = await mark(t, receiver, 'arrived', copy.body.code);
    expect(refused.status, refused.text).toBe(402);
    expect(await itemsWithOptions(t, receiver.store.id)).toEqual([]);
    const missing = await t.request('GET', `/api/secure/product/code/${mRed}`, inStore(receiver));
    expect(missing.status).toBe(404);
    const still = await t.request('GET', `/api/secure/cargo/code/${copy.body.code}`, inStore(receiver));
    expect(still.body).toMatchObject({ status: 'NOT_ARRIVED' });
    await expectLedgerConsistent(t, receiver.store.id);
  });
});
