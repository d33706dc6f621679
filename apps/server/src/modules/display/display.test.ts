import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, inviteMember, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { MEMBER_WORLD_ENV } from '../../test/member-world.ts';
import { makeTill, onTill, setOwnPin, unlockOn } from '../../test/till-world.ts';
import { displayState, openEvents, pairDisplay, putState } from '../../test/display.ts';

describe.each(engines)('customer display on %s', (engine) => {
  const t = useTestApp(engine, { ...MEMBER_WORLD_ENV, RATE_LIMIT_RECEIPT_MAILS_PER_ASKER: '2' });
  let owner: TestUser;
  let intruder: TestUser;
  beforeAll(async () => {
    owner = await createUser(t, { name: 'Olive Owner' });
    intruder = await createUser(t);
  });
  const as = (user: TestUser) => ({ token: user.token, headers: { 'x-store': user.store.urlName } });

  it('pairs a display with a random 43-character token, keeping only its hash, and lists it', async () => {
    const first = await pairDisplay(t, owner, 'Tablet by the till');
    const second = await pairDisplay(t, owner);
    for (const p of [first, second]) {
      expect(p.url).toBe(`http://shop.test/display/${p.token}`);
      expect(p.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(p.qr).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(p.qr.split(',')[1]!, 'base64').toString()).toContain('<svg');
    }
    expect(first.token).not.toBe(second.token);
    expect(first).toMatchObject({ name: 'Tablet by the till', createdBy: 'Olive Owner', lastSeenAt: null });
    expect(first.connected).toBe(false);

    const rows = await t.db.selectFrom('display_pairings').selectAll().where('id', '=', first.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(first.token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(first.token);
    const lookup = await t.db.selectFrom('display_tokens').selectAll().where('pairing_id', '=', first.id).execute();
    expect(JSON.stringify(lookup)).not.toContain(first.token);

    const list = await t.request('GET', '/api/secure/display/pair', as(owner));
    expect(list.status, list.text).toBe(200);
    expect(list.body.items.map((i: { id: string }) => i.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(list.text).not.toContain(first.token);
  });

  it('pushes each newer state to an open stream, ignores an older seq, and answers the newest snapshot', async () => {
    const p = await pairDisplay(t, owner);
    const stream = await openEvents(t.url, p.token);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('cache-control')).toMatch(/no-cache/);
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await stream.next()).toEqual({ event: 'state', data: null });

    const listed = await t.request('GET', '/api/secure/display/pair', as(owner));
    const mine = listed.body.items.find((i: { id: string }) => i.id === p.id);
    expect(mine.connected).toBe(true);
    expect(mine.lastSeenAt).not.toBeNull();

    // A big cart, past compression's threshold: still one event, at once.
    const lines = Array.from({ length: 40 }, (_, i) => ({ ...displayState(0).lines[0]!, name: `Item ${i}` }));
    expect((await putState(t, owner, p.id, displayState(10, { lines }))).status).toBe(204);
    expect(await stream.next()).toEqual({ event: 'state', data: displayState(10, { lines }) });
    const older = await putState(t, owner, p.id, displayState(5, { total: 1 }));
    expect(older.status, older.text).toBe(204);
    expect((await putState(t, owner, p.id, displayState(11, { phase: 'payment' }))).status).toBe(204);
    expect(await stream.next()).toEqual({ event: 'state', data: displayState(11, { phase: 'payment' }) });

    const snap = await t.request('GET', `/api/public/display/${p.token}`);
    expect(snap.status, snap.text).toBe(200);
    expect(snap.body.state).toEqual(displayState(11, { phase: 'payment' }));
    expect(snap.body.store).toMatchObject({ name: owner.store.name, logoUrl: null, mainCurrency: 'USD' });
    expect(['en-US', 'ja-JP']).toContain(snap.body.store.locale);

    // A display that opens later starts from the newest state.
    const late = await openEvents(t.url, p.token);
    expect((await late.next())?.data).toEqual(displayState(11, { phase: 'payment' }));
    await late.close();
    await stream.close();
  });

  it('refuses a state with a cost or any field the display may not see, and a hostile name', async () => {
    const p = await pairDisplay(t, owner);
    const line = { ...displayState(1).lines[0]!, cost: 120 };
    const named = (name: string) => displayState(1, { lines: [{ ...displayState(1).lines[0]!, name }] });
    const paying = (label: string) =>
      displayState(1, {
        phase: 'payment',
        payment: { tendered: [{ label, currency: 'USD', amount: 500 }], change: null },
      });
    for (const [bad, field] of [
      [displayState(1, { lines: [line] }), 'lines.0.cost'],
      [{ ...displayState(1), customerName: 'Someone else' }, 'customerName'],
      [{ ...displayState(1), total: 10 ** 13 }, 'total'],
      // Text is drawn on a screen the customer trusts: no bidi overrides, control characters or NUL.
      [named('Green \u202Etea'), 'lines.0.name'],
      [named('Green\u0000tea'), 'lines.0.name'],
      [named('Green\ntea'), 'lines.0.name'],
      [paying('Cash\u2066'), 'payment.tendered.0.label'],
    ] as const) {
      const res = await putState(t, owner, p.id, bad);
      expect(res.status, res.text).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.details.map((d: { field: string }) => d.field)).toEqual([field]);
    }
    // The same text without them is taken.
    expect((await putState(t, owner, p.id, named('Green tea 緑茶 🍵'))).status).toBe(204);
    await t.request('DELETE', `/api/secure/display/pair/${p.id}`, as(owner));
    const q = await pairDisplay(t, owner);
    for (const bad of [named('Green \u202Etea'), { ...displayState(1), customerName: 'Someone else' }]) {
      expect((await putState(t, owner, q.id, bad)).status).toBe(400);
    }
    const snap = await t.request('GET', `/api/public/display/${q.token}`);
    expect(snap.body.state).toBeNull();
    const tablet = await t.request('POST', '/api/secure/display/pair', {
      ...as(owner),
      body: { name: 'Tab\u202Elet' },
    });
    expect(tablet.status, tablet.text).toBe(400);
  });

  it('ends an open stream at once when the pairing is revoked; the token then answers like an unknown one', async () => {
    const p = await pairDisplay(t, owner);
    const stream = await openEvents(t.url, p.token);
    expect((await stream.next())?.event).toBe('state');
    const revoked = await t.request('DELETE', `/api/secure/display/pair/${p.id}`, as(owner));
    expect(revoked.status, revoked.text).toBe(204);
    expect(await stream.next()).toEqual({ event: 'revoked', data: null });
    expect(await stream.next()).toBeNull();

    const unknown = await t.request('GET', `/api/public/display/${'A'.repeat(43)}`);
    const gone = await t.request('GET', `/api/public/display/${p.token}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual(unknown.body);
    expect((await openEvents(t.url, p.token)).status).toBe(404);
    expect((await putState(t, owner, p.id, displayState(2))).status).toBe(404);
    expect((await t.request('DELETE', `/api/secure/display/pair/${p.id}`, as(owner))).status).toBe(204);
    const list = await t.request('GET', '/api/secure/display/pair', as(owner));
    expect(list.body.items.map((i: { id: string }) => i.id)).not.toContain(p.id);
  });

  it("answers 404 for another store's pairing, and changes nothing", async () => {
    const p = await pairDisplay(t, owner);
    const stream = await openEvents(t.url, p.token);
    await stream.next();
    expect((await putState(t, intruder, p.id, displayState(3))).status).toBe(404);
    expect((await t.request('DELETE', `/api/secure/display/pair/${p.id}`, as(intruder))).status).toBe(404);
    const viaOwnerStore = await t.request('GET', '/api/secure/display/pair', {
      token: intruder.token,
      headers: { 'x-store': owner.store.urlName },
    });
    expect(viaOwnerStore.status).toBe(404);
    const theirs = await t.request('GET', '/api/secure/display/pair', as(intruder));
    expect(theirs.text).not.toContain(p.id);
    expect((await t.request('GET', `/api/public/display/${p.token}`)).body.state).toBeNull();
    // Still open: the owner's next state arrives.
    expect((await putState(t, owner, p.id, displayState(4))).status).toBe(204);
    expect((await stream.next())?.data).toMatchObject({ seq: 4 });
    await stream.close();
  });

  it('lets a cashier pair and send states; a member without SELL gets 403, a stranger 404', async () => {
    const cashier = await inviteMember(t, owner, { role: 'CASHIER' });
    const p = await pairDisplay(t, cashier);
    expect((await putState(t, cashier, p.id, displayState(1))).status).toBe(204);
    expect((await t.request('DELETE', `/api/secure/display/pair/${p.id}`, as(cashier))).status).toBe(204);
    const bare = await inviteMember(t, owner, { role: 'CASHIER', permissions: [] });
    const refused = await t.request('POST', '/api/secure/display/pair', { ...as(bare), body: {} });
    expect(refused.status, refused.text).toBe(403);
    const stranger = await t.request('POST', '/api/secure/display/pair', {
      token: intruder.token,
      headers: { 'x-store': owner.store.urlName },
      body: {},
    });
    expect(stranger.status).toBe(404);
  });

  it('pairs and sends states from a till with a member unlocked, not from a locked one', async () => {
    await setOwnPin(t, owner, owner, '246802');
    const till = await makeTill(t, owner);
    const member = await unlockOn(t, till, owner, '246802');
    const paired = await onTill(t, till, 'POST', '/api/secure/display/pair', member, { body: {} });
    expect(paired.status, paired.text).toBe(201);
    const state = await onTill(t, till, 'PUT', `/api/secure/display/pair/${paired.body.id}/state`, member, {
      body: displayState(1),
    });
    expect(state.status, state.text).toBe(204);
    const locked = await onTill(t, till, 'POST', '/api/secure/display/pair', undefined, { body: {} });
    expect(locked.status).toBe(401);
    expect(locked.body.code).toBe('TILL_LOCKED');
  });

  it('caps open streams per pairing and live pairings per store', async () => {
    const other = await createUser(t);
    const p = await pairDisplay(t, other);
    const streams = [];
    for (let i = 0; i < 3; i++) streams.push(await openEvents(t.url, p.token));
    const fourth = await openEvents(t.url, p.token);
    expect(fourth.status).toBe(429);
    await streams.pop()!.close();
    // The closed one's place is free again once the server has seen it go.
    let again = await openEvents(t.url, p.token);
    while (again.status === 429) again = await openEvents(t.url, p.token);
    expect(again.status).toBe(200);
    for (const s of [...streams, again]) await s.close();

    for (let i = 1; i < 20; i++) await pairDisplay(t, other);
    const over = await t.request('POST', '/api/secure/display/pair', { ...as(other), body: {} });
    expect(over.status, over.text).toBe(409);
    expect(over.body.message).toMatch(/20 paired displays/);
  });

  it('mails nothing from a display whose state shows no paid sale', async () => {
    const p = await pairDisplay(t, owner);
    const ask = () =>
      t.request('POST', `/api/public/display/${p.token}/receipt-mail`, { body: { email: 'guest@example.com' } });
    expect((await ask()).status).toBe(404);
    await putState(t, owner, p.id, displayState(1, { phase: 'sale' }));
    expect((await ask()).status).toBe(404);
    expect(t.mails.filter((m) => m.to === 'guest@example.com')).toEqual([]);
  });

  it('mails the receipt of the sale the display shows as paid, limited per display, and not after 15 minutes', async () => {
    const sale = async (user: TestUser) => {
      const res = await t.request('POST', '/api/secure/shop/transaction', {
        token: user.token,
        body: {
          clientId: randomUUID(),
          status: 'COMPLETED',
          lines: [{ name: 'Tea', unitPrice: 250, quantity: 2 }],
          payment: { method: 'CASH', currency: 'USD', amount: 1000 },
        },
      });
      expect(res.status, res.text).toBe(201);
      return res.body.code as string;
    };
    const p = await pairDisplay(t, owner);
    const ask = (email: string) =>
      t.request('POST', `/api/public/display/${p.token}/receipt-mail`, { body: { email, locale: 'ja-JP' } });
    // Another store's sale on this display's state: nothing to mail.
    await putState(t, owner, p.id, displayState(1, { phase: 'paid', receipt: { code: await sale(intruder) } }));
    expect((await ask('first@example.com')).status).toBe(404);

    await putState(t, owner, p.id, displayState(2, { phase: 'paid', receipt: { code: await sale(owner) } }));
    const sent = await ask('first@example.com');
    expect(sent.status, sent.text).toBe(202);
    expect(sent.body).toEqual({ sent: true });
    expect(t.lastMailTo('first@example.com').subject).toBeTruthy();
    expect((await ask('second@example.com')).status).toBe(202);
    const third = await ask('third@example.com');
    expect(third.status, third.text).toBe(429);
    expect(t.mails.filter((m) => m.to === 'third@example.com')).toEqual([]);

    const q = await pairDisplay(t, owner);
    await putState(t, owner, q.id, displayState(3, { phase: 'paid', receipt: { code: await sale(owner) } }));
    t.clock.advance(16 * 60_000);
    const late = await t.request('POST', `/api/public/display/${q.token}/receipt-mail`, {
      body: { email: 'late@example.com' },
    });
    expect(late.status, late.text).toBe(404);
  });
});
