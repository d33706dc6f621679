import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { createCargo, inStore, issueQr, mark, receive, sku } from './cargo.test-helpers.ts';

/**
 * The receiver's confirmation names the cargo and the sending store. The preview reads what a token
 * hands over without receiving it.
 */
describe.each(engines)('cargo QR preview on %s', (engine) => {
  const t = useTestApp(engine);
  const preview = (u: Awaited<ReturnType<typeof createUser>>, token: string) =>
    t.request('POST', '/api/secure/cargo/qr/preview', { ...inStore(u), body: { token } });

  it('names the cargo, its code, the sending store and its totals, and receives nothing', async () => {
    const sender = await createUser(t);
    const receiver = await createUser(t);
    const cargo = await createCargo(t, sender, {
      name: 'Spring delivery',
      origin: 'Osaka',
      contents: [
        { code: sku(), name: 'Tea', quantity: 3, price: 250 },
        { code: sku(), name: 'Rice', quantity: 2, price: 1000 },
      ],
    });
    const { token, link, expiresAt } = await issueQr(t, sender, cargo.code);
    // The scanned link works as well as the bare token.
    for (const given of [token, link]) {
      const res = await preview(receiver, given);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({
        code: cargo.code,
        name: 'Spring delivery',
        origin: 'Osaka',
        status: 'NOT_ARRIVED',
        fromStore: sender.store.name,
        itemCount: 2,
        totalQuantity: 5,
        expiresAt,
      });
    }
    // Nothing was received: the token still works once, then the preview says it was used.
    const received = await receive(t, receiver, token);
    expect(received.status, received.text).toBe(201);
    const used = await preview(receiver, token);
    expect(used.status).toBe(409);
    expect(used.body.message).toBe('This transfer QR code was already used.');
  });

  it('refuses a forged or malformed token, and a cargo of the caller’s own store or one that arrived', async () => {
    const sender = await createUser(t);
    const receiver = await createUser(t);
    const cargo = await createCargo(t, sender, {
      name: 'Parcel',
      contents: [{ code: sku(), name: 'Soap', quantity: 1, price: 600 }],
    });
    const { token } = await issueQr(t, sender, cargo.code);
    const forged = `${token.slice(0, 23)}${token.at(23) === 'A' ? 'B' : 'A'}${token.slice(24)}`;
    const bad = await preview(receiver, forged);
    expect(bad.status).toBe(404);
    expect(bad.body).toMatchObject({ code: 'NOT_FOUND' });
    const malformed = await preview(receiver, 'not a token');
    expect(malformed.status).toBe(400);
    expect(malformed.body.details?.[0]).toMatchObject({ field: 'token' });
    const own = await preview(sender, token);
    expect(own.status).toBe(409);
    expect((await mark(t, sender, 'arrived', cargo.code)).status).toBe(200);
    const arrived = await preview(receiver, token);
    expect(arrived.status).toBe(409);
    expect(arrived.body.message).toBe('An arrived cargo cannot be transferred.');
  });
});
