import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, createUser, inviteMember, inviteTokenFrom, unique, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { MEMBER_WORLD_ENV } from '../../test/member-world.ts';

/*
 * Issue 41 ("Till authority"): revoking an invitation follows the rule of inviting (within the
 * caller's own rights) and is in the audit log; one link accepted twice at once lets one person in
 * and answers the other 409, on both engines.
 */
describe.each(engines)('invitation authority on %s', (engine) => {
  const t = useTestApp(engine, MEMBER_WORLD_ENV);
  const path = (owner: TestUser, rest = '') => `/api/secure/virtual-store/${owner.store.urlName}/member${rest}`;
  let boss: TestUser;
  let manager: TestUser;

  const invite = async (body: Record<string, unknown>) => {
    const email = String(body.email ?? `i-${unique()}@example.com`).toLowerCase();
    const res = await t.request('POST', path(boss, '/invite'), { token: boss.token, body: { ...body, email } });
    expect(res.status, res.text).toBe(201);
    return { id: res.body.id as string, email, token: inviteTokenFrom(t.lastMailTo(email).text) };
  };
  const revoke = (id: string, as: TestUser) =>
    t.request('DELETE', path(boss, `/invitation/${id}`), { token: as.token });
  const openIds = async () => {
    const res = await t.request('GET', path(boss, '/invitation'), { token: boss.token });
    expect(res.status, res.text).toBe(200);
    return (res.body as { id: string }[]).map((i) => i.id);
  };

  beforeAll(async () => {
    boss = await createUser(t);
    manager = await inviteMember(t, boss, {
      role: 'MANAGER',
      permissions: ['SELL', 'DISCOUNT', 'MEMBERS'],
      maxDiscount: 1000,
    });
  });

  it('a member with MEMBERS revokes only invitations within their own rights (403 otherwise)', async () => {
    const refunds = await invite({ role: 'CASHIER', permissions: ['SELL', 'REFUND'], maxDiscount: 0 });
    const refused = await revoke(refunds.id, manager);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    expect(refused.body.message).toBe(
      'You cannot revoke this invitation: it gives the REFUND permission, which you do not have yourself.',
    );

    const bigDiscount = await invite({ role: 'CASHIER', permissions: ['SELL', 'DISCOUNT'], maxDiscount: 2000 });
    const tooMuch = await revoke(bigDiscount.id, manager);
    expect(tooMuch.status, tooMuch.text).toBe(403);
    expect(tooMuch.body.details).toEqual([
      {
        field: 'maxDiscount',
        message: 'You cannot revoke this invitation: its maximum discount is above your own (10%).',
      },
    ]);
    // Both are still open, and their links still work.
    expect(await openIds()).toEqual(expect.arrayContaining([refunds.id, bigDiscount.id]));
    expect((await t.request('GET', `/api/auth/invite/${refunds.token}`)).status).toBe(200);

    const within = await invite({ role: 'CASHIER', permissions: ['SELL', 'DISCOUNT'], maxDiscount: 500 });
    expect((await revoke(within.id, manager)).status).toBe(204);
    expect(await openIds()).not.toContain(within.id);
    // The owner holds every right: they revoke what the manager could not.
    expect((await revoke(refunds.id, boss)).status).toBe(204);
    expect((await revoke(bigDiscount.id, boss)).status).toBe(204);
  });

  it('records each revocation in the audit log, by who revoked it', async () => {
    const open = await invite({ role: 'CASHIER', permissions: ['SELL'], maxDiscount: 0 });
    expect((await revoke(open.id, manager)).status).toBe(204);
    const log = await t.request(
      'GET',
      `/api/secure/virtual-store/${boss.store.urlName}/audit/window/0/50?action=INVITATION_REVOKE`,
      { token: boss.token },
    );
    expect(log.status, log.text).toBe(200);
    const mine = (log.body.items as { userId: string; entityCode: string; summary: string; entity: string }[]).find(
      (e) => e.entityCode === open.email,
    );
    expect(mine).toMatchObject({ userId: manager.user.userId, entity: 'MEMBER', summary: 'CASHIER' });
    // A refused revocation records nothing.
    const kept = await invite({ role: 'CASHIER', permissions: ['REFUND'], maxDiscount: 0 });
    expect((await revoke(kept.id, manager)).status).toBe(403);
    const after = await t.request(
      'GET',
      `/api/secure/virtual-store/${boss.store.urlName}/audit/window/0/50?action=INVITATION_REVOKE`,
      { token: boss.token },
    );
    expect((after.body.items as { entityCode: string }[]).some((e) => e.entityCode === kept.email)).toBe(false);
  });

  const membershipRows = async (email: string) =>
    t.db
      .selectFrom('store_members')
      .innerJoin('users', 'users.id', 'store_members.user_id')
      .select('store_members.user_id')
      .where('store_members.store_id', '=', boss.store.id)
      .where('users.email', '=', email)
      .execute();

  it('one link accepted twice at once with a new account: one 200, one 409, one member', async () => {
    const { token, email } = await invite({ role: 'CASHIER' });
    const accept = () => t.request('POST', `/api/auth/invite/${token}`, { body: { name: 'Twin', password: PASSWORD } });
    const answers = await Promise.all([accept(), accept()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const conflict = answers.find((a) => a.status === 409)!;
    expect(conflict.body).toMatchObject({ code: 'CONFLICT' });
    expect(typeof conflict.body.message).toBe('string');
    expect(await membershipRows(email)).toHaveLength(1);
  });

  it('one link accepted twice at once by the invited account: one 200, one 409, one member', async () => {
    const invited = await createUser(t);
    const { token } = await invite({ role: 'CASHIER', email: invited.email });
    const accept = () => t.request('POST', `/api/secure/invite/${token}`, { token: invited.token });
    const answers = await Promise.all([accept(), accept()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body).toMatchObject({ code: 'CONFLICT' });
    expect(await membershipRows(invited.email)).toHaveLength(1);
  });
});
