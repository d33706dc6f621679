import { describe, expect, it } from 'vitest';
import { createUser, login } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';

describe.each(engines)('password change limits on %s', (engine) => {
  const t = useTestApp(engine, { RATE_LIMIT_AUTH_PER_EMAIL: '3' });
  const change = (token: string, currentPassword = 'not my password') =>
    t.request('PUT', '/api/secure/profile/update-password', {
      token,
      body: { currentPassword, newPassword: 'a brand new secret' },
    });

  it('throttles password changes per session and per user (each try is an argon2 verify)', async () => {
    const u = await createUser(t);
    const other = await login(t, u.email);
    for (let i = 0; i < 3; i++) expect((await change(u.token)).body.code).toBe('WRONG_PASSWORD');
    const over = await change(u.token, u.password);
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('RATE_LIMITED');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // A second session of the same user shares the user's count.
    expect((await change(other)).status).toBe(429);
    // Another user is not affected.
    const someoneElse = await createUser(t);
    expect((await change(someoneElse.token)).body.code).toBe('WRONG_PASSWORD');
  });

  it('counts per session too: a fresh session of a user under the limit goes on', async () => {
    const u = await createUser(t);
    const sessions = [u.token, await login(t, u.email)];
    expect((await change(sessions[0]!)).body.code).toBe('WRONG_PASSWORD');
    expect((await change(sessions[1]!)).body.code).toBe('WRONG_PASSWORD');
    expect((await change(sessions[1]!)).body.code).toBe('WRONG_PASSWORD');
    expect((await change(sessions[0]!)).status).toBe(429);
  });
});
