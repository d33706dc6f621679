/* eslint-disable @typescript-eslint/no-explicit-any -- test responses are checked field by field */
import { randomBytes } from 'node:crypto';
import type { LoggedUser, SignUpBody, VirtualStore } from '@shopdesk/shared';
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
