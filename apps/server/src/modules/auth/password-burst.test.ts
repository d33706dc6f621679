import { describe, expect, it } from 'vitest';
import { createUser, signUpBody } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';

describe.each(engines)('password hashing under a burst on %s', (engine) => {
  const t = useTestApp(engine, { ARGON2_CONCURRENCY: '1' });

  it('runs at most ARGON2_CONCURRENCY hashes and verifies at once, and answers every call', async () => {
    const u = await createUser(t);
    const burst = await Promise.all([
      ...Array.from({ length: 6 }, () => t.request('POST', '/api/auth/signUp', { body: signUpBody() })),
      // Fewer than RATE_LIMIT_LOGIN_FREE_FAILURES: attempts in flight count until they succeed.
      ...Array.from({ length: 4 }, () =>
        t.request('POST', '/api/auth/login', { body: { email: u.email, password: u.password } }),
      ),
    ]);
    expect(burst.map((r) => r.status)).toEqual([...Array(6).fill(201), ...Array(4).fill(200)]);
    expect(t.argon2.hashes + t.argon2.verifies).toBeGreaterThanOrEqual(10);
    expect(t.argon2.peak).toBe(1);
  });
});
