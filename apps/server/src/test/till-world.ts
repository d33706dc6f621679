import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Approval, Permission } from '@shopdesk/shared';
import { login, type TestUser } from './factories.ts';
import type { ApiResponse, RequestOptions, TestApp } from './harness.ts';

/*
 * A device turned into a till for tests (product.md §2 "Till mode"): its token, the member tokens
 * its PIN checks answer, and approvals. The till is made from a second login of the owner, since
 * making one signs out the session that asked (the owner's test token stays usable).
 */

export interface TestTill {
  id: string;
  token: string;
  /** The store's urlName (X-Store). */
  store: string;
}

export async function makeTill(t: TestApp, owner: TestUser, name = 'Till 1'): Promise<TestTill> {
  const session = await login(t, owner.email, owner.password);
  const res = await t.request('POST', '/api/secure/till/device', {
    token: session,
    headers: { 'x-store': owner.store.urlName },
    body: { name },
  });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.id, token: res.body.tillToken, store: owner.store.urlName };
}

/** Sets `member`'s PIN from their own session. */
export async function setOwnPin(t: TestApp, store: TestUser, member: TestUser, pin: string): Promise<void> {
  const res = await t.request(
    'PUT',
    `/api/secure/virtual-store/${store.store.urlName}/member/${member.user.userId}/pin`,
    { token: member.token, body: { pin } },
  );
  expect(res.status, res.text).toBe(204);
}

/** A request from the till, as `memberToken`'s member when given. */
export function onTill(
  t: TestApp,
  till: TestTill,
  method: string,
  path: string,
  memberToken?: string,
  options: RequestOptions = {},
): Promise<ApiResponse> {
  return t.request(method, path, {
    ...options,
    token: till.token,
    headers: { 'x-store': till.store, ...(memberToken ? { 'x-till-member': memberToken } : {}), ...options.headers },
  });
}

/** Unlocks `member` on the till with their PIN: their member token. */
export async function unlockOn(t: TestApp, till: TestTill, member: TestUser, pin: string): Promise<string> {
  const res = await onTill(t, till, 'POST', '/api/secure/till/unlock', undefined, {
    body: { userId: member.user.userId, pin },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.memberToken as string;
}

/** An online approval by `approver` (their PIN) of `permission` for the action `clientId`. */
export async function approveOn(
  t: TestApp,
  till: TestTill,
  approver: TestUser,
  pin: string,
  permission: Permission,
  clientId: string = randomUUID(),
): Promise<Approval> {
  const res = await onTill(t, till, 'POST', '/api/secure/till/unlock', undefined, {
    body: { userId: approver.user.userId, pin, approve: permission, clientId },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.approval as Approval;
}
