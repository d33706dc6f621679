import { describe, expect, it } from 'vitest';
import { MINUTE } from '../../lib/clock.ts';
import { PASSWORD, createUser, expectFieldErrors, login, resetCodeFrom, signUp } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';

const NEW_PASSWORD = 'a brand new secret';

describe.each(engines)('password reset on %s', (engine) => {
  const t = useTestApp(engine);

  async function requestCode(email: string): Promise<string> {
    const res = await t.request('POST', `/api/auth/forgot-password/${encodeURIComponent(email)}`);
    expect(res.status, res.text).toBe(202);
    return resetCodeFrom(t.lastMailTo(email).text);
  }

  const verify = (email: string, code: string) =>
    t.request('POST', '/api/auth/forgot-password/verify', { body: { email, code } });
  const reset = (resetToken: string, password = NEW_PASSWORD) =>
    t.request('POST', '/api/auth/forgot-password/reset', { body: { resetToken, password } });
  const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('answers 202 for an unknown email and sends nothing', async () => {
    const before = t.mails.length;
    const res = await t.request('POST', '/api/auth/forgot-password/nobody%40example.com');
    expect(res.status).toBe(202);
    expect(res.text).toBe('');
    expect(t.mails.length).toBe(before);
  });

  it('refuses a malformed email in the path with 400 naming email', async () => {
    expectFieldErrors(await t.request('POST', '/api/auth/forgot-password/not-an-email'), ['email']);
  });

  it('resets the password with the mailed code: old sessions end, the new password works, the token is single use', async () => {
    const u = await createUser(t);
    const secondSession = await login(t, u.email);
    const code = await requestCode(u.email);
    expect(code).toMatch(/^\d{6}$/);
    expect(t.lastMailTo(u.email).html).toContain(code);

    const verified = await verify(u.email.toUpperCase(), code);
    expect(verified.status, verified.text).toBe(200);
    const { resetToken } = verified.body;
    expect(typeof resetToken).toBe('string');

    expect((await reset(resetToken)).status).toBe(204);
    for (const token of [u.token, secondSession]) {
      expect((await t.request('GET', '/api/secure/login/check', { token })).status).toBe(401);
    }
    const old = await t.request('POST', '/api/auth/login', { body: { email: u.email, password: PASSWORD } });
    expect(old.status).toBe(401);
    await login(t, u.email, NEW_PASSWORD);

    const reused = await reset(resetToken, 'yet another password');
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('INVALID_TOKEN');
    // The code was consumed by the successful verify.
    expect((await verify(u.email, code)).body.code).toBe('INVALID_CODE');
  });

  it('counts wrong codes and locks the code after 5, even against the right code', async () => {
    const u = await createUser(t);
    const code = await requestCode(u.email);
    for (let i = 1; i <= 4; i++) {
      const res = await verify(u.email, wrongCodeFor(code));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'INVALID_CODE', details: [{ field: 'code' }] });
    }
    const fifth = await verify(u.email, wrongCodeFor(code));
    expect(fifth.status).toBe(400);
    expect(fifth.body.code).toBe('CODE_LOCKED');
    const right = await verify(u.email, code);
    expect(right.status).toBe(400);
    expect(right.body.code).toBe('CODE_LOCKED');

    // A new request replaces the locked code and starts counting again.
    const fresh = await requestCode(u.email);
    expect((await verify(u.email, fresh)).status).toBe(200);
  });

  it('a new request replaces the old code', async () => {
    const u = await createUser(t);
    const first = await requestCode(u.email);
    let second = await requestCode(u.email);
    while (second === first) second = await requestCode(u.email); // 1 in a million
    expect((await verify(u.email, first)).body.code).toBe('INVALID_CODE');
    expect((await verify(u.email, second)).status).toBe(200);
  });

  it('codes expire after 15 minutes', async () => {
    const u = await createUser(t);
    const code = await requestCode(u.email);
    t.clock.advance(15 * MINUTE + 1000);
    const res = await verify(u.email, code);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_CODE');
  });

  it('reset tokens expire after 15 minutes', async () => {
    const u = await createUser(t);
    const code = await requestCode(u.email);
    const { resetToken } = (await verify(u.email, code)).body;
    t.clock.advance(16 * MINUTE);
    const res = await reset(resetToken);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_TOKEN');
    await login(t, u.email, PASSWORD);
  });

  it('a code for an unknown email is simply wrong', async () => {
    const res = await verify('ghost@example.com', '123456');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_CODE');
  });

  it('resetting confirms an unconfirmed email (ownership is proven)', async () => {
    const { body } = await signUp(t);
    const code = await requestCode(body.email);
    const { resetToken } = (await verify(body.email, code)).body;
    expect((await reset(resetToken)).status).toBe(204);
    const token = await login(t, body.email, NEW_PASSWORD);
    const profile = await t.request('GET', '/api/secure/profile', { token });
    expect(profile.body.emailConfirmed).toBe(true);
  });

  it('names bad fields', async () => {
    expectFieldErrors(await verify('a@b.co', '12345'), ['code']);
    expectFieldErrors(await verify('a@b.co', 'abcdef'), ['code']);
    expectFieldErrors(await t.request('POST', '/api/auth/forgot-password/verify', { body: {} }), ['email', 'code']);
    expectFieldErrors(await reset('', 'short'), ['resetToken', 'password']);
    expectFieldErrors(await t.request('POST', '/api/auth/forgot-password/reset', { body: { resetToken: 'x' } }), [
      'password',
    ]);
  });

  it('an unknown reset token is INVALID_TOKEN', async () => {
    const res = await reset('made-up-token');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_TOKEN');
  });

  it('checks the reset token before hashing: made-up, used or expired tokens cost no argon2 hash', async () => {
    const u = await createUser(t);
    const { resetToken } = (await verify(u.email, await requestCode(u.email))).body;
    expect((await reset(resetToken)).status).toBe(204);
    const expired = (await verify(u.email, await requestCode(u.email))).body.resetToken;
    t.clock.advance(16 * MINUTE);
    const before = t.argon2.hashes;
    for (const token of ['made-up-token', resetToken, expired, 'x'.repeat(200)]) {
      expect((await reset(token)).body.code).toBe('INVALID_TOKEN');
    }
    expect(t.argon2.hashes).toBe(before);
  });
});

describe.each(engines)('password reset limits on %s', (engine) => {
  const t = useTestApp(engine, { TRUST_PROXY: 'true', RATE_LIMIT_AUTH_PER_IP: '3' });
  const resetFrom = (ip: string) =>
    t.request('POST', '/api/auth/forgot-password/reset', {
      body: { resetToken: 'made-up-token', password: NEW_PASSWORD },
      headers: { 'x-forwarded-for': ip },
    });

  it('throttles resets per client address like the other auth calls', async () => {
    for (let i = 0; i < 3; i++) expect((await resetFrom('203.0.113.50')).status).toBe(400);
    const over = await resetFrom('203.0.113.50');
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(over.body.message).toMatch(/wait/);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await resetFrom('203.0.113.51')).status).toBe(400);
  });
});
