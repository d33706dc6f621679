import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.ts';
import { startTestApp, useTestApp, type TestApp } from '../../test/harness.ts';
import { LISTENER_NAME } from '../../db/pg-listen.ts';
import { displayState, openEvents, pairDisplay, putState } from '../../test/display.ts';

/**
 * Several app processes on one PostgreSQL database (ARCHITECTURE.md, "Growing past one machine"):
 * a display's stream is on one process, the counter's states and revocation reach another; the
 * NOTIFY carries only the pairing's key and seq, and the listening process reads the state.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('customer display across app processes on postgres', () => {
  const a = useTestApp('postgres');
  let b: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    b = await startTestApp('postgres', a.databaseEnv);
    owner = await createUser(a);
  });
  afterAll(async () => b?.close());

  it('pushes a state sent to one process to a stream open on another, and ends it on revocation', async () => {
    const p = await pairDisplay(a, owner);
    const stream = await openEvents(b.url, p.token);
    expect(stream.status).toBe(200);
    expect(await stream.next()).toEqual({ event: 'state', data: null });
    expect((await putState(a, owner, p.id, displayState(7))).status).toBe(204);
    expect(await stream.next()).toEqual({ event: 'state', data: displayState(7) });
    // An older seq is kept by neither; the newer one after it arrives.
    expect((await putState(a, owner, p.id, displayState(6, { total: 1 }))).status).toBe(204);
    expect((await putState(a, owner, p.id, displayState(8, { phase: 'payment' }))).status).toBe(204);
    expect((await stream.next())?.data).toMatchObject({ seq: 8, phase: 'payment' });

    const list = await a.request('GET', '/api/secure/display/pair', {
      token: owner.token,
      headers: { 'x-store': owner.store.urlName },
    });
    expect(list.body.items.find((i: { id: string }) => i.id === p.id).connected).toBe(true);

    const revoked = await a.request('DELETE', `/api/secure/display/pair/${p.id}`, {
      token: owner.token,
      headers: { 'x-store': owner.store.urlName },
    });
    expect(revoked.status).toBe(204);
    expect(await stream.next()).toEqual({ event: 'revoked', data: null });
    expect(await stream.next()).toBeNull();
    expect((await b.request('GET', `/api/public/display/${p.token}`)).status).toBe(404);
  });

  it('listens again after its connection is cut, and catches up with what it missed', async () => {
    const p = await pairDisplay(a, owner);
    const stream = await openEvents(b.url, p.token);
    await stream.next();
    const { rows } = await sql<{ n: number }>`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where application_name = ${LISTENER_NAME} and datname = current_database()`.execute(a.db);
    expect(rows[0]!.n).toBeGreaterThan(0);
    // Sent while the other process may still be reconnecting: it reads what it missed once back.
    expect((await putState(a, owner, p.id, displayState(9))).status).toBe(204);
    expect(await stream.next()).toEqual({ event: 'state', data: displayState(9) });
    await stream.close();
  });
});
