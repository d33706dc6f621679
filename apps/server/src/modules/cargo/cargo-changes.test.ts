import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type TestApp } from '../../test/harness.ts';
import { contentsOf, createCargo, difference, inStore, issueQr, mark, receive, sku } from './cargo.test-helpers.ts';

/**
 * Two phones counting one cargo. Each polls the cargo's changes cursor and reads the lines again
 * when it moved, so it must move with every change any device makes, and only then.
 */
async function cursorOf(t: TestApp, u: TestUser, code: string) {
  const res = await t.request<{ cursor: string; status: string }>(
    'GET',
    `/api/secure/cargo/code/${code}/changes`,
    inStore(u),
  );
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe.each(engines)('cargo changes cursor on %s', (engine) => {
  const t = useTestApp(engine);

  it('moves with every change of the cargo or its lines, and stays put otherwise', async () => {
    const u = await createUser(t);
    const cargo = await createCargo(t, u, {
      name: 'Autumn order',
      contents: [{ code: sku(), name: 'Tea', quantity: 5, price: 250 }],
    });
    const seen = new Set<string>();
    const expectMoved = async () => {
      const { cursor } = await cursorOf(t, u, cargo.code);
      expect(seen.has(cursor), `cursor ${cursor} seen before`).toBe(false);
      seen.add(cursor);
      return cursor;
    };
    const first = await expectMoved();
    // Reading changes nothing.
    await contentsOf(t, u, cargo.code);
    expect((await cursorOf(t, u, cargo.code)).cursor).toBe(first);

    // Phone 2 adds a line; phone 1's cursor moves.
    const added = await t.request('POST', `/api/secure/cargo-content/code/${cargo.code}/content`, {
      ...inStore(u),
      body: { code: sku(), name: 'Rice', quantity: 7, price: 1000 },
    });
    expect(added.status, added.text).toBe(201);
    await expectMoved();
    const [line] = await contentsOf(t, u, cargo.code);
    // Counts by difference, as the phones send them.
    expect((await difference(t, u, cargo.code, line!.contentId, 8, 1)).status).toBe(200);
    await expectMoved();
    expect((await difference(t, u, cargo.code, line!.contentId, 9, 1)).status).toBe(200);
    await expectMoved();
    const edited = await t.request('PUT', `/api/secure/cargo-content/code/${cargo.code}/content/${line!.contentId}`, {
      ...inStore(u),
      body: { name: 'Rice 5 kg' },
    });
    expect(edited.status, edited.text).toBe(200);
    await expectMoved();
    const renamed = await t.request('PUT', `/api/secure/cargo/code/${cargo.code}`, {
      ...inStore(u),
      body: { name: 'Autumn order 2', origin: '', note: '' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    await expectMoved();
    const removed = await t.request(
      'DELETE',
      `/api/secure/cargo-content/code/${cargo.code}/content/${line!.contentId}`,
      inStore(u),
    );
    expect(removed.status, removed.text).toBe(204);
    await expectMoved();
    // A refused count (below zero) changes nothing, so the cursor stays.
    const [left] = await contentsOf(t, u, cargo.code);
    const before = (await cursorOf(t, u, cargo.code)).cursor;
    expect((await difference(t, u, cargo.code, left!.contentId, 0, -99)).status).toBe(409);
    expect((await cursorOf(t, u, cargo.code)).cursor).toBe(before);

    expect((await mark(t, u, 'arrived', cargo.code)).status).toBe(200);
    await expectMoved();
    expect((await cursorOf(t, u, cargo.code)).status).toBe('ARRIVED');
  });

  it("moves on the sender's handed-over cargo when the receiver counts its copy", async () => {
    const sender = await createUser(t);
    const receiver = await createUser(t);
    const cargo = await createCargo(t, sender, {
      name: 'Hand-over',
      contents: [{ code: sku(), name: 'Soap', quantity: 3, price: 600 }],
    });
    const { token } = await issueQr(t, sender, cargo.code);
    const copy = await receive(t, receiver, token);
    expect(copy.status, copy.text).toBe(201);
    const handed = await cursorOf(t, sender, cargo.code);
    expect(handed.status).toBe('TRANSFERRED');
    const receiverBefore = await cursorOf(t, receiver, copy.body.code);
    const [line] = await contentsOf(t, receiver, copy.body.code);
    expect((await difference(t, receiver, copy.body.code, line!.contentId, 1, 1)).status).toBe(200);
    expect((await cursorOf(t, receiver, copy.body.code)).cursor).not.toBe(receiverBefore.cursor);
    expect((await cursorOf(t, sender, cargo.code)).cursor).not.toBe(handed.cursor);
  });

  it("answers 404 for another store's cargo and an unknown code, 400 for a malformed one", async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const cargo = await createCargo(t, owner, { name: 'Mine' });
    const theirs = await t.request('GET', `/api/secure/cargo/code/${cargo.code}/changes`, inStore(stranger));
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ code: 'NOT_FOUND' });
    const unknown = await t.request('GET', '/api/secure/cargo/code/ZZZZZZZZ/changes', inStore(owner));
    expect(unknown.status).toBe(404);
    const malformed = await t.request('GET', '/api/secure/cargo/code/not!a!code/changes', inStore(owner));
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
