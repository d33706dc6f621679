import type { StoreMember, VirtualStore } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../lib/clock.ts';
import {
  PASSWORD,
  createUser,
  inviteMember,
  inviteTokenFrom,
  login,
  unique,
  type TestUser,
} from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';

describe.each(engines)('members on %s', (engine) => {
  // Premium-free owners get one member besides themselves: most tests use a fresh owner.
  const t = useTestApp(engine);
  const path = (owner: TestUser, rest = '') => `/api/secure/virtual-store/${owner.store.urlName}/member${rest}`;
  const invite = (owner: TestUser, body: unknown, token = owner.token) =>
    t.request('POST', path(owner, '/invite'), { token, body });
  const current = (user: TestUser, urlName: string) =>
    t.request<VirtualStore>('GET', '/api/secure/virtual-store/current', {
      token: user.token,
      headers: { 'x-store': urlName },
    });

  let owner: TestUser;
  beforeAll(async () => {
    owner = await createUser(t);
  });

  it('invites by mail; the link accepts with a new account and the store joins the picker, marked', async () => {
    const email = `Cashier-${unique()}@Example.com`;
    const res = await invite(owner, { email, role: 'CASHIER' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      email: email.toLowerCase(),
      role: 'CASHIER',
      permissions: ['SELL', 'DISCOUNT', 'SHIFTS'],
      maxDiscount: 1000,
      acceptedAt: null,
    });
    expect(Date.parse(res.body.expiresAt) - t.clock.now().getTime()).toBe(7 * DAY);
    const mail = t.lastMailTo(email.toLowerCase());
    expect(mail.text).toContain('http://shop.test/invite/');
    const token = inviteTokenFrom(mail.text);

    const preview = await t.request('GET', `/api/auth/invite/${token}`);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toEqual({
      storeName: owner.store.name,
      invitedBy: owner.user.name,
      email: email.toLowerCase(),
      role: 'CASHIER',
      expiresAt: res.body.expiresAt,
    });

    const accepted = await t.request('POST', `/api/auth/invite/${token}`, {
      body: { name: 'Carol Cashier', password: PASSWORD },
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.user).toMatchObject({ emailConfirmed: true, defaultStore: owner.store.urlName });
    const stores = await t.request('GET', '/api/secure/virtual-store', { token: accepted.body.token });
    expect(stores.body.map((s: VirtualStore) => [s.urlName, s.role])).toEqual([[owner.store.urlName, 'CASHIER']]);
    const mine = await t.request('GET', '/api/secure/virtual-store', { token: owner.token });
    expect(mine.body.map((s: VirtualStore) => s.role)).toEqual(['OWNER']);
    // The new account logs in like any other.
    expect(await login(t, email.toLowerCase())).toBeTruthy();

    const list = await t.request<StoreMember[]>('GET', path(owner), { token: owner.token });
    expect(list.status, list.text).toBe(200);
    expect(list.body.map((m) => [m.role, m.name, m.email, m.hasPin])).toEqual([
      ['OWNER', owner.user.name, owner.email, false],
      ['CASHIER', 'Carol Cashier', email.toLowerCase(), false],
    ]);
    expect(list.body[1]).toMatchObject({ storeId: owner.store.id, permissions: ['SELL', 'DISCOUNT', 'SHIFTS'] });
    const open = await t.request('GET', path(owner, '/invitation'), { token: owner.token });
    expect(open.body).toEqual([]);
  });

  it('removing a member ends their access with their very next request', async () => {
    const boss = await createUser(t);
    const member = await inviteMember(t, boss);
    // Cached by the session cache first.
    expect((await current(member, boss.store.urlName)).status).toBe(200);
    expect((await current(member, boss.store.urlName)).status).toBe(200);
    const gone = await t.request('DELETE', path(boss, `/${member.user.userId}`), { token: boss.token });
    expect(gone.status, gone.text).toBe(204);
    const after = await current(member, boss.store.urlName);
    expect(after.status, after.text).toBe(404);
    const stores = await t.request('GET', '/api/secure/virtual-store', { token: member.token });
    expect(stores.body).toEqual([]);
    const noDefault = await t.request('GET', '/api/secure/virtual-store/current', { token: member.token });
    expect(noDefault.status).toBe(404);
    // The account stays: what they did keeps their name.
    expect((await t.request('GET', '/api/secure/profile', { token: member.token })).status).toBe(200);
  });

  it('the audit log lists who invited, edited and removed a member', async () => {
    const boss = await createUser(t);
    const member = await inviteMember(t, boss);
    const edited = await t.request('PUT', path(boss, `/${member.user.userId}`), {
      token: boss.token,
      body: { role: 'MANAGER', permissions: ['SELL', 'REPORTS'], maxDiscount: 500 },
    });
    expect(edited.status, edited.text).toBe(200);
    expect((await t.request('DELETE', path(boss, `/${member.user.userId}`), { token: boss.token })).status).toBe(204);
    const log = await t.request('GET', `/api/secure/virtual-store/${boss.store.urlName}/audit/window/0/50`, {
      token: boss.token,
    });
    expect(log.status, log.text).toBe(200);
    const events = (log.body.items as { action: string; userId: string; entityCode: string; summary: string }[])
      .filter((e) => e.action.startsWith('MEMBER_'))
      .map((e) => [e.action, e.userId, e.entityCode, e.summary]);
    expect(events.sort()).toEqual(
      [
        ['MEMBER_INVITE', boss.user.userId, member.email, 'CASHIER'],
        ['MEMBER_EDIT', boss.user.userId, member.email, 'MANAGER SELL,REPORTS max 500'],
        ['MEMBER_REMOVE', boss.user.userId, member.email, 'MANAGER'],
      ].sort(),
    );
  });

  describe('invitation tokens', () => {
    let boss: TestUser;
    beforeAll(async () => {
      boss = await createUser(t);
    });
    const freshInvite = async (email = `x-${unique()}@example.com`) => {
      const res = await invite(boss, { email, role: 'CASHIER' });
      expect(res.status, res.text).toBe(201);
      return { email, id: res.body.id as string, token: inviteTokenFrom(t.lastMailTo(email.toLowerCase()).text) };
    };
    const revoke = (id: string) => t.request('DELETE', path(boss, `/invitation/${id}`), { token: boss.token });
    const acceptNew = (token: string) =>
      t.request('POST', `/api/auth/invite/${token}`, { body: { name: 'New Person', password: PASSWORD } });

    it('work once', async () => {
      const { token } = await freshInvite();
      expect((await acceptNew(token)).status).toBe(200);
      const again = await acceptNew(token);
      expect(again.status, again.text).toBe(409);
      expect((await t.request('GET', `/api/auth/invite/${token}`)).status).toBe(409);
      // Frees the free plan's one place for the next tests.
      const list = await t.request<StoreMember[]>('GET', path(boss), { token: boss.token });
      for (const m of list.body.filter((x) => x.role !== 'OWNER')) {
        expect((await t.request('DELETE', path(boss, `/${m.userId}`), { token: boss.token })).status).toBe(204);
      }
    });

    it('expire after 7 days', async () => {
      const { token, id } = await freshInvite();
      t.clock.advance(7 * DAY);
      const late = await acceptNew(token);
      expect(late.status, late.text).toBe(409);
      expect(late.body.message).toMatch(/expired/);
      t.clock.advance(-7 * DAY);
      expect((await revoke(id)).status).toBe(204);
    });

    it('cannot be forged or altered, nor used after a revoke', async () => {
      const { token, id } = await freshInvite();
      const [storeId, nonce, sig] = token.split('.') as [string, string, string];
      const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
      for (const bad of [
        `${storeId}.${nonce}.${flip(sig)}`,
        `${storeId}.${flip(nonce)}.${sig}`,
        `${owner.store.id}.${nonce}.${sig}`,
        `${storeId}.${'A'.repeat(22)}.${'B'.repeat(22)}`,
      ]) {
        expect((await t.request('GET', `/api/auth/invite/${bad}`)).status).toBe(404);
        expect((await acceptNew(bad)).status).toBe(404);
      }
      expect((await t.request('GET', '/api/auth/invite/not-a-token')).status).toBe(400);
      expect((await revoke(id)).status).toBe(204);
      expect((await acceptNew(token)).status).toBe(404);
    });

    it('cannot be used by another address; the invited one accepts with its existing account', async () => {
      const invited = await createUser(t);
      const other = await createUser(t);
      const { token } = await freshInvite(invited.email.toUpperCase());
      const wrong = await t.request('POST', `/api/secure/invite/${token}`, { token: other.token });
      expect(wrong.status, wrong.text).toBe(403);
      expect((await current(other, boss.store.urlName)).status).toBe(404);
      // A new account for an address that has one: log in instead.
      expect((await acceptNew(token)).status).toBe(409);
      const right = await t.request('POST', `/api/secure/invite/${token}`, { token: invited.token });
      expect(right.status, right.text).toBe(200);
      expect(right.body).toMatchObject({ urlName: boss.store.urlName, role: 'CASHIER' });
      const stores = await t.request('GET', '/api/secure/virtual-store', { token: invited.token });
      // Both listed (oldest store first), each marked with the caller's role.
      const marked = new Map(stores.body.map((s: VirtualStore) => [s.urlName, s.role]));
      expect(marked).toEqual(
        new Map([
          [invited.store.urlName, 'OWNER'],
          [boss.store.urlName, 'CASHIER'],
        ]),
      );
    });
  });

  it('the free plan allows one member besides the owner, open invitations included (402)', async () => {
    const boss = await createUser(t);
    const first = await invite(boss, { email: `a-${unique()}@example.com`, role: 'MANAGER' });
    expect(first.status, first.text).toBe(201);
    const second = await invite(boss, { email: `b-${unique()}@example.com`, role: 'CASHIER' });
    expect(second.status, second.text).toBe(402);
    expect(second.body.code).toBe('FREE_LIMIT_REACHED');
    // The answer says what the plan allows and offers the upgrade (the screen links to it).
    expect(second.body.message).toBe(
      'The free plan includes 1 member besides the owner across your stores. Upgrade to premium to invite more, or remove a member or a pending invitation.',
    );
    // Inviting the same address again replaces its invitation: no second place.
    expect((await invite(boss, { email: first.body.email, role: 'CASHIER' })).status).toBe(201);
    const open = await t.request('GET', path(boss, '/invitation'), { token: boss.token });
    expect(open.body).toHaveLength(1);
    expect(
      (await t.request('DELETE', path(boss, `/invitation/${open.body[0].id}`), { token: boss.token })).status,
    ).toBe(204);
    expect((await invite(boss, { email: `c-${unique()}@example.com`, role: 'CASHIER' })).status).toBe(201);
  });

  it('a member with MEMBERS manages staff within their own rights, never the owner', async () => {
    const boss = await createUser(t, {});
    const t2 = t;
    const manager = await inviteMember(t2, boss, {
      role: 'MANAGER',
      permissions: ['SELL', 'DISCOUNT', 'MEMBERS'],
      maxDiscount: 2000,
    });
    const as = { token: manager.token };
    const list = await t.request<StoreMember[]>('GET', path(boss), as);
    expect(list.status, list.text).toBe(200);
    const ownerId = boss.user.userId;
    const put = (userId: string, body: unknown) => t.request('PUT', path(boss, `/${userId}`), { ...as, body });
    const touchOwner = await put(ownerId, { role: 'CASHIER', permissions: [], maxDiscount: 0 });
    expect(touchOwner.status, touchOwner.text).toBe(403);
    expect((await t.request('DELETE', path(boss, `/${ownerId}`), as)).status).toBe(403);
    const raiseSelf = await put(manager.user.userId, { role: 'MANAGER', permissions: ['REFUND'], maxDiscount: 0 });
    expect(raiseSelf.status).toBe(403);
    expect(raiseSelf.body.details[0].field).toBe('permissions');
    const moreDiscount = await put(manager.user.userId, { role: 'MANAGER', permissions: ['SELL'], maxDiscount: 5000 });
    expect(moreDiscount.status).toBe(403);
    // Inviting with the role's defaults would give what the manager lacks.
    expect((await invite(boss, { email: `d-${unique()}@example.com`, role: 'MANAGER' }, manager.token)).status).toBe(
      403,
    );
    const lower = await put(manager.user.userId, {
      role: 'CASHIER',
      permissions: ['SELL', 'MEMBERS'],
      maxDiscount: 500,
    });
    expect(lower.status, lower.text).toBe(200);
    expect(lower.body).toMatchObject({ role: 'CASHIER', permissions: ['SELL', 'MEMBERS'], maxDiscount: 500 });
    // The owner edits; without MEMBERS the member is refused naming it.
    const strip = await t.request('PUT', path(boss, `/${manager.user.userId}`), {
      token: boss.token,
      body: { role: 'CASHIER', permissions: ['SELL'], maxDiscount: 0 },
    });
    expect(strip.status, strip.text).toBe(200);
    const refused = await t.request('GET', path(boss), as);
    expect(refused.status).toBe(403);
    expect(refused.body.details).toEqual([{ field: 'permission', message: 'MEMBERS' }]);
    // The owner's own row is never edited or removed, by the owner either.
    expect((await t.request('DELETE', path(boss, `/${ownerId}`), { token: boss.token })).status).toBe(403);
  });

  it("mails the invitation in the inviter's language", async () => {
    const boss = await createUser(t, { locale: 'ja-JP', storeName: '駅前店' });
    const email = `ja-${unique()}@example.com`;
    expect((await invite(boss, { email, role: 'MANAGER' })).status).toBe(201);
    const mail = t.lastMailTo(email);
    expect(mail.subject).toContain('「駅前店」への招待');
    expect(mail.text).toContain('マネージャーとして');
    expect(mail.text).toContain('7 日間');
    expect(inviteTokenFrom(mail.text)).toMatch(/^[0-9a-f-]{36}\./);
  });

  it('refuses strangers (404) and bad input (400)', async () => {
    const stranger = await createUser(t);
    expect((await t.request('GET', path(owner), { token: stranger.token })).status).toBe(404);
    expect((await invite(owner, { email: 'nope', role: 'OWNER' })).status).toBe(400);
    expect(
      (await invite(owner, { email: `e-${unique()}@example.com`, role: 'CASHIER', maxDiscount: 10001 })).status,
    ).toBe(400);
    const already = await invite(owner, { email: owner.email, role: 'CASHIER' });
    expect(already.status, already.text).toBe(409);
  });
});

describe.each(engines)('invitation rate limit on %s', (engine) => {
  const t = useTestApp(engine, { RATE_LIMIT_INVITES_PER_HOUR: '2', FREE_MEMBER_LIMIT: '10' });
  it('refuses a third invitation within the hour (429), each being a mail', async () => {
    const boss = await createUser(t);
    const send = () =>
      t.request('POST', `/api/secure/virtual-store/${boss.store.urlName}/member/invite`, {
        token: boss.token,
        body: { email: `r-${unique()}@example.com`, role: 'CASHIER' },
      });
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(201);
    const third = await send();
    expect(third.status, third.text).toBe(429);
    expect(third.body.code).toBe('RATE_LIMITED');
    expect(t.mails.filter((m) => m.to.startsWith('r-'))).toHaveLength(2);
  });
});
