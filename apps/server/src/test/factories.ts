/* eslint-disable @typescript-eslint/no-explicit-any -- test responses are checked field by field */
import { randomBytes } from 'node:crypto';
import {
  ROLE_MAX_DISCOUNT,
  ROLE_PERMISSIONS,
  type LoggedUser,
  type MemberRole,
  type Permission,
  type SignUpBody,
  type VirtualStore,
} from '@shopdesk/shared';
import { expect } from 'vitest';
import type { TestApp } from './harness.ts';

export const PASSWORD = 'correct horse battery';

/** A unique suffix so tests sharing one database never collide. */
export function unique(): string {
  return randomBytes(4).toString('hex');
}

export function signUpBody(overrides: Partial<SignUpBody> = {}): SignUpBody {
  const id = unique();
  return {
    email: `owner-${id}@example.com`,
    password: PASSWORD,
    name: 'Ada Shopkeeper',
    storeName: 'Corner Shop',
    urlName: `shop-${id}`,
    mainCurrency: 'USD',
    secondCurrency: 'JPY',
    ...overrides,
  };
}

/** The token of the /confirm/{token} link in a mail body. */
export function confirmTokenFrom(text: string): string {
  const match = /\/confirm\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`No confirmation link in:\n${text}`);
  return match[1];
}

export function resetCodeFrom(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`No 6-digit code in:\n${text}`);
  return match[1];
}

export async function signUp(t: TestApp, overrides: Partial<SignUpBody> = {}) {
  const body = signUpBody(overrides);
  const res = await t.request('POST', '/api/auth/signUp', { body });
  expect(res.status, res.text).toBe(201);
  return { body, confirmToken: confirmTokenFrom(t.lastMailTo(body.email).text) };
}

export interface TestUser {
  email: string;
  password: string;
  token: string;
  user: LoggedUser;
  store: VirtualStore;
}

/** Signs up, confirms through the mailed link and returns a logged-in user with their first store. */
export async function createUser(t: TestApp, overrides: Partial<SignUpBody> = {}): Promise<TestUser> {
  const { body, confirmToken } = await signUp(t, overrides);
  const confirmed = await t.request('GET', `/api/auth/confirm/${confirmToken}`);
  expect(confirmed.status, confirmed.text).toBe(200);
  const stores = await t.request<VirtualStore[]>('GET', '/api/secure/virtual-store', { token: confirmed.body.token });
  expect(stores.status).toBe(200);
  return {
    email: body.email,
    password: body.password,
    token: confirmed.body.token,
    user: confirmed.body.user,
    store: stores.body[0]!,
  };
}

export async function login(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  const res = await t.request('POST', '/api/auth/login', { body: { email, password } });
  expect(res.status, res.text).toBe(200);
  return res.body.token as string;
}

/** Asserts a 400 VALIDATION_ERROR whose details name exactly these fields (in any order). */
export function expectFieldErrors(res: { status: number; body: any; text: string }, fields: string[]): void {
  expect(res.status, res.text).toBe(400);
  expect(res.body.code).toBe('VALIDATION_ERROR');
  expect(typeof res.body.message).toBe('string');
  const named = (res.body.details as { field: string; message: string }[]).map((d) => d.field);
  expect(new Set(named)).toEqual(new Set(fields));
  for (const d of res.body.details) expect(d.message.length).toBeGreaterThan(0);
}

/** The token of the /invite/{token} link in an invitation mail. */
export function inviteTokenFrom(text: string): string {
  const match = /\/invite\/([0-9a-f-]{36}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22})/.exec(text);
  if (!match?.[1]) throw new Error(`No invitation link in:\n${text}`);
  return match[1];
}

export interface InviteOptions {
  role?: 'MANAGER' | 'CASHIER';
  permissions?: string[];
  maxDiscount?: number;
  /** The store to invite to (a urlName of the owner's); the owner's first store otherwise. */
  store?: string;
}

/**
 * A member of `owner`'s store made the real way: the owner invites a new address and it accepts
 * from the mailed link with a new account. Returns the member, logged in, with that store.
 */
export async function inviteMember(t: TestApp, owner: TestUser, options: InviteOptions = {}): Promise<TestUser> {
  const email = `member-${unique()}@example.com`;
  const urlName = options.store ?? owner.store.urlName;
  const { store: _store, role = 'CASHIER', ...rights } = options;
  const invited = await t.request('POST', `/api/secure/virtual-store/${urlName}/member/invite`, {
    token: owner.token,
    body: { email, role, ...rights },
  });
  expect(invited.status, invited.text).toBe(201);
  const token = inviteTokenFrom(t.lastMailTo(email).text);
  const accepted = await t.request('POST', `/api/auth/invite/${token}`, {
    body: { name: `Member ${unique()}`, password: PASSWORD },
  });
  expect(accepted.status, accepted.text).toBe(200);
  const stores = await t.request<VirtualStore[]>('GET', '/api/secure/virtual-store', { token: accepted.body.token });
  expect(stores.status).toBe(200);
  const store = stores.body.find((s) => s.urlName === urlName);
  expect(store).toBeDefined();
  return { email, password: PASSWORD, token: accepted.body.token, user: accepted.body.user, store: store! };
}

/**
 * Makes `user` a member of `store` with `role` and its default permissions (or exactly
 * `permissions`), by writing the member row itself: tests need members before the invitation
 * routes exist. Write it before the member's first call with X-Store of that store: the app
 * caches each session's answer per store for a few seconds and does not see this write.
 */
export async function addMember(
  t: TestApp,
  store: Pick<VirtualStore, 'id'>,
  user: TestUser,
  role: MemberRole,
  permissions: readonly Permission[] = ROLE_PERMISSIONS[role],
): Promise<void> {
  const at = new Date().toISOString();
  await t.db
    .insertInto('store_members')
    .values({
      store_id: store.id,
      user_id: user.user.userId,
      role,
      permissions: JSON.stringify(permissions),
      max_discount: ROLE_MAX_DISCOUNT[role],
      created_at: at,
      updated_at: at,
    })
    .execute();
}
