/* eslint-disable @typescript-eslint/no-explicit-any -- test responses are checked field by field */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import { parseCargoQrLink } from '@shopdesk/shared';
import { createUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { expectLedgerConsistent } from '../../test/ledger.ts';
import { HOUR } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../db/database.ts';
import * as repo from './cargo.repo.ts';
import {
  addStore,
  contentsOf,
  createCargo,
  createProduct,
  difference,
  inStore,
  issueQr,
  mark,
  productQuantity,
  receive,
  sku,
} from './cargo.test-helpers.ts';

const hasZbar = existsSync('/usr/bin/zbarimg') || existsSync('/usr/local/bin/zbarimg');

describe.each(engines)('cargo on %s', (engine) => {
  const t = useTestApp(engine, { FREE_CARGO_LIMIT: '3', FREE_PRODUCT_LIMIT: '700' });

  it('creates a cargo with merged contents and totals, finds it, and hides it from other users', async () => {
    const u = await createUser(t);
    const [a, b] = [sku(), sku()];
    const cargo = await createCargo(t, u, {
      name: 'Spring order',
      origin: 'Osaka wholesaler',
      contents: [
        { code: a, name: 'Tea', quantity: 3, price: 250 },
        { code: b, name: 'Rice', brand: 'Koshi', quantity: 2, price: 1000 },
        { code: a, name: 'Tea', quantity: 4, price: 250 },
      ],
    });
    expect(cargo.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(cargo).toMatchObject({
      status: 'NOT_ARRIVED',
      itemCount: 2,
      totalQuantity: 9,
      totalReceivedQuantity: null,
      totalValue: 7 * 250 + 2 * 1000,
      currency: 'USD',
      transferredFrom: null,
      transferredTo: null,
    });
    const contents = await contentsOf(t, u, cargo.code);
    expect(contents.find((c) => c.code === a)).toMatchObject({ quantity: 7, receivedQuantity: null, productId: null });

    const byContent = await t.request('GET', `/api/secure/cargo/search/window/0/10?q=${a.toLowerCase()}`, inStore(u));
    expect(byContent.body.items.map((c: any) => c.code)).toEqual([cargo.code]);
    const byOrigin = await t.request('GET', '/api/secure/cargo/search/window/0/10?q=osaka', inStore(u));
    expect(byOrigin.body.total).toBe(1);
    const arrived = await t.request('GET', '/api/secure/cargo/search/window/0/10?status=ARRIVED', inStore(u));
    expect(arrived.body).toMatchObject({ items: [], total: 0, page: 0, size: 10 });
    expect((await t.request('GET', '/api/secure/cargo/not-arrived', inStore(u))).body).toHaveLength(1);
    const window = await t.request('GET', `/api/secure/cargo-content/search/${cargo.id}/window/0/1`, inStore(u));
    expect(window.body).toMatchObject({ total: 2, page: 0, size: 1 });
    expect(window.body.items).toHaveLength(1);

    const other = await createUser(t);
    for (const [method, path] of [
      ['GET', `/api/secure/cargo/code/${cargo.code}`],
      ['GET', `/api/secure/cargo/code/${cargo.code}/contents`],
      ['GET', `/api/secure/cargo/code/${cargo.code}/qr`],
      ['GET', `/api/secure/cargo-content/search/${cargo.id}/window/0/10`],
      ['DELETE', `/api/secure/cargo/code/${cargo.code}`],
    ] as const) {
      const res = await t.request(method, path, { token: other.token });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    expect((await mark(t, other, 'arrived', cargo.code, other.store)).status).toBe(404);
    expect((await difference(t, other, cargo.code, contents[0]!.contentId, 1, 1, undefined, other.store)).status).toBe(
      404,
    );
  });

  it('refuses control characters, bidi overrides and out-of-range quantities', async () => {
    const u = await createUser(t);
    const bad = [
      { name: 'Box\u202Eevil', contents: [] },
      { name: 'Box\nTwo', contents: [] },
      { name: 'Box', contents: [{ code: sku(), name: 'Tea', quantity: 1_000_001 }] },
      { name: 'Box', contents: [{ code: sku(), name: 'Tea', quantity: -1 }] },
      { name: 'Box', contents: [{ code: 'has space', name: 'Tea', quantity: 1 }] },
    ];
    for (const body of bad) {
      const res = await t.request('POST', '/api/secure/cargo/new', { ...inStore(u), body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('arrival books stock once through the ledger, creates missing products, and reversal takes it back', async () => {
    const u = await createUser(t);
    const [known, fresh] = [sku(), sku()];
    await createProduct(t, u, known, 5);
    const cargo = await createCargo(t, u, {
      name: 'Order',
      contents: [
        { code: known, name: 'Known', quantity: 10, price: 100 },
        { code: fresh, name: 'Fresh', brand: 'New Co', quantity: 4, price: 350 },
      ],
    });
    // Two arrivals racing: one books, the other sees it arrived.
    const raced = await Promise.all([1, 2, 3].map(() => mark(t, u, 'arrived', cargo.code)));
    for (const r of raced) expect(r.status, r.text).toBe(200);
    expect(await productQuantity(t, u, known)).toBe(15);
    expect(await productQuantity(t, u, fresh)).toBe(4);
    const created = await t.request('GET', `/api/secure/product/code/${fresh}`, inStore(u));
    expect(created.body).toMatchObject({ name: 'Fresh', brand: 'New Co', price: 350 });
    // The counter's product changes feed hands out both, once they have settled.
    t.clock.advance(6_000);
    const feed = await t.request('GET', '/api/secure/product/changes?limit=100', inStore(u));
    expect(feed.status, feed.text).toBe(200);
    const fed = new Map((feed.body.items as any[]).map((p) => [p.code, p.quantity]));
    expect(fed.get(fresh)).toBe(4);
    expect(fed.get(known)).toBe(15);
    // The same status again changes nothing.
    expect((await mark(t, u, 'arrived', cargo.code)).body.status).toBe('ARRIVED');
    expect(await productQuantity(t, u, known)).toBe(15);
    const contents = await contentsOf(t, u, cargo.code);
    expect(contents.every((c) => c.productId !== null)).toBe(true);
    // Contents of an arrived cargo are read-only.
    expect((await difference(t, u, cargo.code, contents[0]!.contentId, 11, 1)).status).toBe(409);
    await expectLedgerConsistent(t, u.store.id);

    const reverted = await Promise.all([1, 2].map(() => mark(t, u, 'not-arrived', cargo.code)));
    for (const r of reverted) expect(r.body.status).toBe('NOT_ARRIVED');
    expect(await productQuantity(t, u, known)).toBe(5);
    expect(await productQuantity(t, u, fresh)).toBe(0);
    expect((await mark(t, u, 'not-arrived', cargo.code)).status).toBe(200);
    expect(await productQuantity(t, u, known)).toBe(5);
    // A second cycle books the current contents and takes back exactly those.
    await difference(t, u, cargo.code, contents.find((c) => c.code === known)!.contentId, 12, 2);
    await mark(t, u, 'arrived', cargo.code);
    expect(await productQuantity(t, u, known)).toBe(17);
    await mark(t, u, 'not-arrived', cargo.code);
    expect(await productQuantity(t, u, known)).toBe(5);
    await expectLedgerConsistent(t, u.store.id);
    const reasons = await t.db
      .selectFrom('stock_movements')
      .select(['reason', 'ref_code'])
      .where('store_id', '=', u.store.id)
      .where('ref_code', '=', cargo.code)
      .execute();
    expect(reasons.filter((r) => r.reason === 'CARGO_ARRIVAL')).toHaveLength(4);
    expect(reasons.filter((r) => r.reason === 'CARGO_REVERT')).toHaveLength(4);
    // Arrived cargos cannot be deleted; not arrived ones can.
    expect((await t.request('DELETE', `/api/secure/cargo/code/${cargo.code}`, inStore(u))).status).toBe(204);
  });

  it('keeps a cargo code unique across stores through cargo_codes; deleting the cargo drops its entry', async () => {
    const [u, other] = [await createUser(t), await createUser(t)];
    const cargo = await createCargo(t, u, { name: 'Unique', contents: [{ code: sku(), name: 'Tea', quantity: 1 }] });
    const entry = () => t.db.selectFrom('cargo_codes').selectAll().where('code', '=', cargo.code).execute();
    expect(await entry()).toEqual([{ code: cargo.code, store_id: u.store.id, cargo_id: cargo.id }]);
    // Each store's cargos are only unique within it (sharding by store): the global entry is what
    // refuses the same code in another store, and the service retries such a collision.
    const row = await t.db
      .selectFrom('cargos')
      .selectAll()
      .where('store_id', '=', u.store.id)
      .where('id', '=', cargo.id)
      .executeTakeFirstOrThrow();
    const error = await t.db
      .transaction()
      .execute((trx) => repo.insertCargo(trx, { ...row, id: randomUUID(), store_id: other.store.id }))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error, 'code'), String(error)).toBe(true);
    expect(await t.db.selectFrom('cargos').select('store_id').where('code', '=', cargo.code).execute()).toEqual([
      { store_id: u.store.id },
    ]);
    expect((await t.request('DELETE', `/api/secure/cargo/code/${cargo.code}`, inStore(u))).status).toBe(204);
    expect(await entry()).toEqual([]);
  });

  it('a large arrival books every line in bulk; one whose new products pass the free limit writes nothing', async () => {
    const u = await createUser(t);
    const lines = Array.from({ length: 600 }, (_, i) => ({ code: sku(), name: `Line ${i}`, quantity: 1 + (i % 7) }));
    const big = await createCargo(t, u, { name: 'Big', contents: lines });
    expect((await mark(t, u, 'arrived', big.code)).status).toBe(200);
    const booked = await t.db
      .selectFrom('stock_movements')
      .select((eb) => eb.fn.sum<number>('delta').as('n'))
      .where('store_id', '=', u.store.id)
      .where('reason', '=', 'CARGO_ARRIVAL')
      .executeTakeFirstOrThrow();
    expect(Number(booked.n)).toBe(lines.reduce((n, l) => n + l.quantity, 0));
    await expectLedgerConsistent(t, u.store.id);

    const over = await createCargo(t, u, {
      name: 'Over',
      contents: Array.from({ length: 101 }, (_, i) => ({ code: sku(), name: `More ${i}`, quantity: 1 })),
    });
    const refused = await mark(t, u, 'arrived', over.code);
    expect(refused.status).toBe(402);
    expect((refused.body as any).code).toBe('FREE_LIMIT_REACHED');
    expect((await t.request('GET', `/api/secure/cargo/code/${over.code}`, inStore(u))).body.status).toBe('NOT_ARRIVED');
    const products = await t.request('GET', '/api/secure/subscription/status', { token: u.token });
    expect(products.body.productCount).toBe(600);
    // Reversal of the big one takes back all of it, in bulk too.
    expect((await mark(t, u, 'not-arrived', big.code)).status).toBe(200);
    const net = await t.db
      .selectFrom('products')
      .select((eb) => eb.fn.sum<number>('quantity').as('n'))
      .where('store_id', '=', u.store.id)
      .executeTakeFirstOrThrow();
    expect(Number(net.n)).toBe(0);
    await expectLedgerConsistent(t, u.store.id);
  });

  it('50 concurrent differences to one content end at the exact sum; a replayed clientId applies once', async () => {
    const u = await createUser(t);
    const cargo = await createCargo(t, u, { name: 'Count', contents: [{ code: sku(), name: 'Can', quantity: 100 }] });
    const [line] = await contentsOf(t, u, cargo.code);
    const diffs = Array.from({ length: 50 }, (_, i) => (i % 5 === 0 ? -1 : 2));
    const answers = await Promise.all(diffs.map((d) => difference(t, u, cargo.code, line!.contentId, 0, d)));
    for (const a of answers) expect(a.status, a.text).toBe(200);
    const expected = 100 + diffs.reduce((s, d) => s + d, 0);
    expect((await contentsOf(t, u, cargo.code))[0]!.quantity).toBe(expected);
    expect(answers.every((a) => a.body.conflict === true)).toBe(true);

    const clientId = randomUUID();
    const first = await difference(t, u, cargo.code, line!.contentId, expected + 5, 5, clientId);
    expect(first.body).toEqual({ quantity: expected + 5, conflict: false, replayed: false });
    const replays = await Promise.all(
      [1, 2, 3].map(() => difference(t, u, cargo.code, line!.contentId, 0, 5, clientId)),
    );
    for (const r of replays) expect(r.body).toMatchObject({ quantity: expected + 5, replayed: true });
    expect((await contentsOf(t, u, cargo.code))[0]!.quantity).toBe(expected + 5);

    // Never past 1,000,000 either, by a difference or by adding the same code again.
    const above = await difference(t, u, cargo.code, line!.contentId, 0, 1_000_000);
    expect(above.status).toBe(409);
    const merged = await t.request('POST', `/api/secure/cargo-content/code/${cargo.code}/content`, {
      ...inStore(u),
      body: { code: (await contentsOf(t, u, cargo.code))[0]!.code, name: 'Can', quantity: 1_000_000 },
    });
    expect(merged.status).toBe(409);
    const below = await difference(t, u, cargo.code, line!.contentId, 0, -(expected + 6));
    expect(below.status).toBe(409);
    expect(below.body.code).toBe('CONFLICT');
    expect((await contentsOf(t, u, cargo.code))[0]!.quantity).toBe(expected + 5);
  });

  it('hands a cargo over by QR to another user, converting prices, and the sender sees the count', async () => {
    const sender = await createUser(t); // USD
    const receiver = await createUser(t, { mainCurrency: 'JPY', secondCurrency: 'USD' });
    const [a, b] = [sku(), sku()];
    const cargo = await createCargo(t, sender, {
      name: 'Hand-over',
      contents: [
        { code: a, name: 'Tea', quantity: 3, price: 1000 },
        { code: b, name: 'Rice', quantity: 2, price: 500 },
      ],
    });
    const qr = await issueQr(t, sender, cargo.code);
    expect(qr.link).toBe(`http://shop.test/cargo/receive/${qr.token}`);
    expect(Date.parse(qr.expiresAt) - t.clock.now().getTime()).toBe(24 * HOUR);
    expect(qr.token).not.toContain(cargo.code);

    const got = await receive(t, receiver, qr.link);
    expect(got.status, got.text).toBe(201);
    expect(got.body).toMatchObject({
      status: 'NOT_ARRIVED',
      transferredFrom: sender.store.name,
      currency: 'JPY',
      itemCount: 2,
      totalQuantity: 5,
    });
    expect(got.body.code).not.toBe(cargo.code);
    const sent = await t.request('GET', `/api/secure/cargo/code/${cargo.code}`, inStore(sender));
    expect(sent.body).toMatchObject({ status: 'TRANSFERRED', transferredTo: receiver.store.name });
    const lines = await contentsOf(t, receiver, got.body.code);
    const tea = lines.find((l) => l.code === a)!;
    expect(tea.priceConverted).toBe(true);
    expect(tea.price).toBeGreaterThan(10); // $10.00 in yen
    expect(tea.price).not.toBe(1000);

    // The receiver counts one tea short (two phones counting the received quantity), then arrives.
    const counted = await Promise.all([
      difference(t, receiver, got.body.code, tea.contentId, 1, 1),
      difference(t, receiver, got.body.code, tea.contentId, 1, 1),
    ]);
    for (const c of counted) expect(c.status, c.text).toBe(200);
    // What was sent cannot be edited by the receiver.
    const edit = await t.request('PUT', `/api/secure/cargo-content/code/${got.body.code}/content/${tea.contentId}`, {
      ...inStore(receiver),
      body: { quantity: 9 },
    });
    expect(edit.status).toBe(409);
    const rice = lines.find((l) => l.code === b)!;
    const put = await t.request('PUT', `/api/secure/cargo-content/code/${got.body.code}/content/${rice.contentId}`, {
      ...inStore(receiver),
      body: { receivedQuantity: 2 },
    });
    expect(put.body).toMatchObject({ quantity: 2, receivedQuantity: 2 });
    expect((await mark(t, receiver, 'arrived', got.body.code)).status).toBe(200);
    expect(await productQuantity(t, receiver, a)).toBe(2);
    expect(await productQuantity(t, receiver, b)).toBe(2);
    await expectLedgerConsistent(t, receiver.store.id);

    const senderView = await contentsOf(t, sender, cargo.code);
    expect(senderView.find((l) => l.code === a)).toMatchObject({ quantity: 3, receivedQuantity: 2 });
    const senderCargo = await t.request('GET', `/api/secure/cargo/code/${cargo.code}`, inStore(sender));
    expect(senderCargo.body).toMatchObject({ totalQuantity: 5, totalReceivedQuantity: 4 });
    // The sender's TRANSFERRED cargo is read-only; its stock never moved.
    expect((await mark(t, sender, 'arrived', cargo.code)).status).toBe(409);
    expect((await t.request('GET', `/api/secure/product/code/${a}`, inStore(sender))).status).toBe(404);
  });

  it('a transfer token cannot be forged, replayed, used after expiry, used twice at once or used on an arrived cargo', async () => {
    const sender = await createUser(t);
    const receiver = await createUser(t);
    const make = () => createCargo(t, sender, { name: 'QR', contents: [{ code: sku(), name: 'Tea', quantity: 1 }] });

    // Forged: from the cargo code, or a real token's nonce with another signature.
    const cargo = await make();
    const real = await issueQr(t, sender, cargo.code);
    const [nonce] = real.token.split('.');
    for (const forged of [
      cargo.code,
      `${cargo.code.padEnd(22, 'A')}.${'A'.repeat(22)}`,
      `${nonce}.${'A'.repeat(22)}`,
      `http://shop.test/cargo/receive/${nonce}.${'B'.repeat(22)}`,
    ]) {
      const res = await receive(t, receiver, forged);
      expect([400, 404], `${forged}: ${res.text}`).toContain(res.status);
    }

    // Two receives at once: one wins, and the token is then spent.
    const raced = await Promise.all([receive(t, receiver, real.token), receive(t, receiver, real.token)]);
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await receive(t, receiver, real.token)).status).toBe(409);
    const received = await t.request('GET', '/api/secure/cargo/search/window/0/10', inStore(receiver));
    expect(received.body.total).toBe(1);

    // Expired after 24 h on the app's clock.
    const late = await make();
    const expiring = await issueQr(t, sender, late.code);
    t.clock.advance(24 * HOUR);
    const expired = await receive(t, receiver, expiring.token);
    expect(expired.status).toBe(409);
    expect((expired.body as any).message).toMatch(/expired/);

    // Arrived: refused, and no QR is issued for it.
    const arrived = await make();
    const before = await issueQr(t, sender, arrived.code);
    expect((await mark(t, sender, 'arrived', arrived.code)).status).toBe(200);
    expect((await receive(t, receiver, before.token)).status).toBe(409);
    expect((await t.request('GET', `/api/secure/cargo/code/${arrived.code}/qr`, inStore(sender))).status).toBe(409);
    expect((await t.request('GET', `/api/secure/cargo/code/${arrived.code}`, inStore(sender))).body.status).toBe(
      'ARRIVED',
    );
  });

  it('transfers directly to one of the user’s own stores', async () => {
    const u = await createUser(t);
    const branch = await addStore(t, u);
    const cargo = await createCargo(t, u, { name: 'Move', contents: [{ code: sku(), name: 'Tea', quantity: 6 }] });
    const moved = await t.request('POST', `/api/secure/cargo/code/${cargo.code}/transfer`, {
      ...inStore(u),
      body: { targetStore: branch.urlName },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ status: 'TRANSFERRED', transferredTo: branch.name });
    const there = await t.request('GET', '/api/secure/cargo/not-arrived', inStore(u, branch));
    expect(there.body).toHaveLength(1);
    expect(there.body[0]).toMatchObject({ transferredFrom: u.store.name, totalQuantity: 6 });
    const stranger = await createUser(t);
    const other = await createCargo(t, u, { name: 'Nope' });
    const refused = await t.request('POST', `/api/secure/cargo/code/${other.code}/transfer`, {
      ...inStore(u),
      body: { targetStore: stranger.store.urlName },
    });
    expect(refused.status).toBe(404);
  });

  it('holds the free cargo limit at its exact boundary, also for a cargo received by QR', async () => {
    const u = await createUser(t);
    const status = async () => (await t.request('GET', '/api/secure/subscription/status', { token: u.token })).body;
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createCargo(t, u, { name: `C${i}` }));
    expect(await status()).toMatchObject({ cargoCount: 3, freeCargoLimit: 3, freeLimitHasReached: true });
    const over = await t.request('POST', '/api/secure/cargo/new', { ...inStore(u), body: { name: 'Fourth' } });
    expect(over.status).toBe(402);
    expect(over.body.code).toBe('FREE_LIMIT_REACHED');

    // A QR from someone else is refused too, writes nothing, and stays usable.
    const sender = await createUser(t);
    const gift = await createCargo(t, sender, { name: 'Gift', contents: [{ code: sku(), name: 'Tea', quantity: 1 }] });
    const qr = await issueQr(t, sender, gift.code);
    const refused = await receive(t, u, qr.token);
    expect(refused.status).toBe(402);
    expect((await t.request('GET', `/api/secure/cargo/code/${gift.code}`, inStore(sender))).body.status).toBe(
      'NOT_ARRIVED',
    );
    expect((await status()).cargoCount).toBe(3);
    // One deleted: exactly one fits again.
    expect((await t.request('DELETE', `/api/secure/cargo/code/${made[0]!.code}`, inStore(u))).status).toBe(204);
    expect((await receive(t, u, qr.token)).status).toBe(201);
    expect((await t.request('POST', '/api/secure/cargo/new', { ...inStore(u), body: { name: 'X' } })).status).toBe(402);
    // A direct transfer between one's own stores needs no free slot (the sent one stops counting).
    const branch = await addStore(t, u);
    const move = await t.request('POST', `/api/secure/cargo/code/${made[1]!.code}/transfer`, {
      ...inStore(u),
      body: { targetStore: branch.urlName },
    });
    expect(move.status, move.text).toBe(200);
    expect((await status()).cargoCount).toBe(3);
  });

  it.skipIf(!hasZbar)('the QR the app shows decodes with zbarimg to a link the receive endpoint accepts', async () => {
    const sender = await createUser(t);
    const receiver = await createUser(t);
    const cargo = await createCargo(t, sender, {
      name: 'Scan me',
      contents: [{ code: sku(), name: 'Tea', quantity: 1 }],
    });
    const qr = await issueQr(t, sender, cargo.code);
    // Drawn as a screen shows it: dark modules on white with a quiet zone around.
    const png = await bwipjs.toBuffer({
      bcid: 'qrcode',
      text: qr.link,
      scale: 4,
      paddingwidth: 16,
      paddingheight: 16,
      backgroundcolor: 'FFFFFF',
    });
    const file = join(mkdtempSync(join(tmpdir(), 'cargo-qr-')), 'qr.png');
    writeFileSync(file, png);
    const decoded = execFileSync('zbarimg', ['--quiet', '--raw', file], { encoding: 'utf8' }).trim();
    expect(decoded).toBe(qr.link);
    expect(parseCargoQrLink(decoded)).toBe(qr.token);
    const got = await receive(t, receiver, decoded);
    expect(got.status, got.text).toBe(201);
  });
});
