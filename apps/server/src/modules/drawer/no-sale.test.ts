import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { approveOn, makeTill, onTill, setOwnPin, unlockOn } from '../../test/till-world.ts';

/*
 * "No sale": opening the drawer without a sale needs NO_SALE (or, on a till, a member's approval),
 * and is one audit event per clientId, answered again to a retry.
 */
describe.each(engines)('no sale on %s', (engine) => {
  const t = useTestApp(engine);
  let owner: TestUser;
  let manager: TestUser;
  let cashier: TestUser;
  let trusted: TestUser;

  beforeAll(async () => {
    [owner, manager, cashier, trusted] = await Promise.all([
      createUser(t),
      createUser(t),
      createUser(t),
      createUser(t),
    ]);
    await addMember(t, owner.store, manager, 'MANAGER');
    await addMember(t, owner.store, cashier, 'CASHIER');
    await addMember(t, owner.store, trusted, 'CASHIER', ['SELL', 'NO_SALE']);
  });

  const noSale = (body: Record<string, unknown>, token = owner.token) =>
    t.request('POST', '/api/secure/shop/no-sale', { token, headers: { 'x-store': owner.store.urlName }, body });
  const eventsOf = (clientId: string) =>
    t.db
      .selectFrom('audit_events')
      .where('store_id', '=', owner.store.id)
      .where('client_id', '=', clientId)
      .select(['action', 'entity', 'user_id', 'approved_by', 'summary', 'shift_id'])
      .execute();

  it("records the owner's drawer opening as a NO_SALE event and answers it", async () => {
    const clientId = randomUUID();
    const res = await noSale({ clientId, reason: 'Change for a 50' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      action: 'NO_SALE',
      entity: 'SHIFT',
      userId: owner.user.userId,
      approvedBy: null,
      summary: 'Change for a 50',
      storeId: owner.store.id,
    });
    expect(await eventsOf(clientId)).toEqual([
      {
        action: 'NO_SALE',
        entity: 'SHIFT',
        user_id: owner.user.userId,
        approved_by: null,
        summary: 'Change for a 50',
        shift_id: null,
      },
    ]);
  });

  it('refuses a cashier without NO_SALE, naming it, and records nothing', async () => {
    const clientId = randomUUID();
    const res = await noSale({ clientId }, cashier.token);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN', details: [{ field: 'permission', message: 'NO_SALE' }] });
    expect(await eventsOf(clientId)).toEqual([]);
  });

  it('lets a cashier with NO_SALE open the drawer', async () => {
    const res = await noSale({ clientId: randomUUID() }, trusted.token);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ action: 'NO_SALE', userId: trusted.user.userId, summary: '' });
  });

  it("takes a till member's opening with a manager's approval, and records both", async () => {
    await setOwnPin(t, owner, manager, '246810');
    await setOwnPin(t, owner, cashier, '135790');
    const till = await makeTill(t, owner);
    const asCashier = await unlockOn(t, till, cashier, '135790');
    const onTillNoSale = (body: Record<string, unknown>) =>
      onTill(t, till, 'POST', '/api/secure/shop/no-sale', asCashier, { body });
    const refused = await onTillNoSale({ clientId: randomUUID() });
    expect(refused.status).toBe(403);
    expect(refused.body.details[0].message).toBe('NO_SALE');
    const clientId = randomUUID();
    const approval = await approveOn(t, till, manager, '246810', 'NO_SALE', clientId);
    const res = await onTillNoSale({ clientId, approval });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ userId: cashier.user.userId, approvedBy: manager.user.userId });
    // The same opening again (a retry) answers the first event; the approval is not spent twice.
    const retry = await onTillNoSale({ clientId, approval });
    expect(retry.status, retry.text).toBe(200);
    const [row] = await eventsOf(clientId);
    expect(row).toMatchObject({ user_id: cashier.user.userId, approved_by: manager.user.userId });
  });

  it('answers a retry with the first event and refuses the clientId with another body', async () => {
    const clientId = randomUUID();
    const first = await noSale({ clientId, reason: 'Float check' });
    expect(first.status, first.text).toBe(201);
    const again = await noSale({ clientId, reason: 'Float check' });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await eventsOf(clientId)).toHaveLength(1);
    const reused = await noSale({ clientId, reason: 'Something else' });
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ code: 'CLIENT_ID_REUSED', details: [{ field: 'clientId' }] });
    expect(await eventsOf(clientId)).toHaveLength(1);
  });

  it('refuses a bad body with 400 naming the field', async () => {
    const noId = await noSale({ reason: 'x' });
    expect(noId.status).toBe(400);
    expect(noId.body.details.map((d: { field: string }) => d.field)).toContain('clientId');
    const twoLines = await noSale({ clientId: randomUUID(), reason: 'one\ntwo' });
    expect(twoLines.status).toBe(400);
    expect(twoLines.body.details.map((d: { field: string }) => d.field)).toContain('reason');
    const long = await noSale({ clientId: randomUUID(), reason: 'x'.repeat(81) });
    expect(long.status).toBe(400);
  });
});
