import { describe, expect, it } from 'vitest';
import { PASSWORD, createUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { openEvents, pairDisplay } from '../../test/display.ts';

/**
 * A display's stream ends when its pairing is gone by another road than a revoke this process
 * heard: the store deleted with the account (its pairings go with it), or a revoke whose notice
 * never arrived. The hub's periodic "seen" refresh finds no live pairing and ends the stream with
 * `revoked`, as a revoke would; the display then says it was unpaired.
 */
describe.each(engines)('a customer display whose pairing is gone, on %s', (engine) => {
  const t = useTestApp(engine, {}, { displaySeenRefreshMs: 100 });

  it("ends the stream with `revoked` once the owner's account and store are deleted", async () => {
    const owner = await createUser(t);
    const pairing = await pairDisplay(t, owner);
    const stream = await openEvents(t.url, pairing.token);
    expect(await stream.next()).toEqual({ event: 'state', data: null });

    const closed = await t.request('POST', '/api/secure/profile/delete', {
      token: owner.token,
      body: { password: PASSWORD },
    });
    expect(closed.status, closed.text).toBeLessThan(300);
    expect(await t.db.selectFrom('display_pairings').select('id').where('id', '=', pairing.id).execute()).toEqual([]);

    expect(await stream.next()).toEqual({ event: 'revoked', data: null });
    expect(await stream.next()).toBeNull();
    const again = await fetch(`${t.url}/api/public/display/${pairing.token}`);
    expect(again.status).toBe(404);
  });

  it('ends the stream of a pairing revoked without a notice (another process whose NOTIFY was lost)', async () => {
    const owner = await createUser(t);
    const pairing = await pairDisplay(t, owner);
    const stream = await openEvents(t.url, pairing.token);
    expect(await stream.next()).toEqual({ event: 'state', data: null });

    // What a revoke writes, without telling this process's hub.
    await t.db
      .updateTable('display_pairings')
      .set({ revoked_at: new Date().toISOString() })
      .where('id', '=', pairing.id)
      .execute();

    expect(await stream.next()).toEqual({ event: 'revoked', data: null });
    expect(await stream.next()).toBeNull();
  });

  it('keeps a live stream open across refreshes', async () => {
    const owner = await createUser(t);
    const pairing = await pairDisplay(t, owner);
    const stream = await openEvents(t.url, pairing.token);
    expect(await stream.next()).toEqual({ event: 'state', data: null });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const listed = await t.request('GET', '/api/secure/display/pair', {
      token: owner.token,
      headers: { 'x-store': owner.store.urlName },
    });
    expect(listed.body.items).toEqual([expect.objectContaining({ id: pairing.id, connected: true })]);
    await stream.close();
  });
});
