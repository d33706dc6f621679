import type { Invitation, StoreMember } from '@shopdesk/shared';
import { expect } from 'vitest';
import { createUser, inviteMember, inviteTokenFrom, unique, type TestUser } from './factories.ts';
import type { TestApp } from './harness.ts';

/**
 * The members part of the sweep world: a member and an open invitation in the owner's store (a
 * route may remove or revoke them), and an invitation from a third user (`host`) to the intruder,
 * so the accept route has a link the intruder may use. Each is made again only once used up:
 * invitations are mailed and rate limited. The sweep and the fuzzer raise the free member limit
 * (FREE_MEMBER_LIMIT) and the invitation rate (RATE_LIMIT_INVITES_PER_HOUR).
 */
export interface MemberWorld {
  member: TestUser;
  invitation: Invitation;
  host: TestUser;
  /** An open invitation of the host's store to the intruder's address. */
  intruderInviteToken: string;
}

interface Owner {
  t: TestApp;
  owner: TestUser;
  intruder: TestUser;
}

export const MEMBER_WORLD_ENV = { FREE_MEMBER_LIMIT: '100000', RATE_LIMIT_INVITES_PER_HOUR: '100000' };

export async function freshMembers(w: Owner & Partial<MemberWorld>): Promise<MemberWorld> {
  const { t, owner } = w;
  const as = { token: owner.token };
  const base = `/api/secure/virtual-store/${owner.store.urlName}/member`;
  const members = await t.request<StoreMember[]>('GET', base, as);
  expect(members.status, members.text).toBe(200);
  const member =
    w.member && members.body.some((m) => m.userId === w.member!.user.userId) ? w.member : await inviteMember(t, owner);
  const open = await t.request<Invitation[]>('GET', `${base}/invitation`, as);
  let invitation = open.body.find((i) => i.id === w.invitation?.id);
  if (!invitation) {
    const made = await t.request<Invitation>('POST', `${base}/invite`, {
      ...as,
      body: { email: `pending-${unique()}@example.com`, role: 'CASHIER' },
    });
    expect(made.status, made.text).toBe(201);
    invitation = made.body;
  }
  const host = w.host ?? (await createUser(t));
  let intruderInviteToken = w.intruderInviteToken;
  const usable =
    intruderInviteToken && (await t.request('GET', `/api/auth/invite/${intruderInviteToken}`)).status === 200;
  if (!usable) {
    const hostBase = `/api/secure/virtual-store/${host.store.urlName}/member`;
    // The intruder joined with the last link: they leave, so the next link can be accepted.
    await t.request('DELETE', `${hostBase}/${w.intruder.user.userId}`, { token: host.token });
    const made = await t.request('POST', `${hostBase}/invite`, {
      token: host.token,
      body: { email: w.intruder.email, role: 'CASHIER' },
    });
    expect(made.status, made.text).toBe(201);
    intruderInviteToken = inviteTokenFrom(t.lastMailTo(w.intruder.email).text);
  }
  return { member, invitation, host, intruderInviteToken: intruderInviteToken! };
}
