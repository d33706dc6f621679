import { describe, expect, it } from 'vitest';
import { HOUR } from '../../lib/clock.ts';
import { PASSWORD, createUser } from '../../test/factories.ts';
import { engines, startTestApp, useTestApp, type TestApp } from '../../test/harness.ts';

/** Production limits, and client addresses from X-Forwarded-For as behind a proxy. */
const ENV = {
  TRUST_PROXY: 'true',
  RATE_LIMIT_AUTH_PER_IP: '100',
  RATE_LIMIT_AUTH_PER_EMAIL: '10',
  RATE_LIMIT_LOGIN_FREE_FAILURES: '5',
};

const loginFrom = (t: TestApp, ip: string, email: string, password: string) =>
  t.request('POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': ip } });

function expectWait(res: { status: number; body: { code: string }; headers: Headers }, seconds: number) {
  expect(res.status).toBe(429);
  expect(res.body.code).toBe('RATE_LIMITED');
  expect(res.headers.get('retry-after')).toBe(String(seconds));
}

describe.each(engines)('login throttle on %s', (engine) => {
  const t = useTestApp(engine, ENV);

  it('slows wrong passwords from one address with growing delays, never locking the owner out elsewhere', async () => {
    const owner = await createUser(t);
    const attacker = '203.0.113.7';
    for (let i = 1; i <= 5; i++) {
      expect((await loginFrom(t, attacker, owner.email, `wrong ${i}`)).status).toBe(401);
    }
    // From the sixth on, each try waits 1 s, 2 s, 4 s … after the one before.
    for (const wait of [1, 2, 4, 8, 16]) {
      expectWait(await loginFrom(t, attacker, owner.email, 'wrong again'), wait);
      t.clock.advance(wait * 1000);
      expect((await loginFrom(t, attacker, owner.email, 'wrong again')).status).toBe(401);
    }
    // Ten wrong passwords later the owner, from their own address, logs in at once.
    expect((await loginFrom(t, '198.51.100.20', owner.email, PASSWORD)).status).toBe(200);
    // The attacker's address waits even with the right password, then a success starts it over.
    expectWait(await loginFrom(t, attacker, owner.email, PASSWORD), 32);
    t.clock.advance(32_000);
    expect((await loginFrom(t, attacker, owner.email, PASSWORD)).status).toBe(200);
    expect((await loginFrom(t, attacker, owner.email, 'wrong')).status).toBe(401);
    expect((await loginFrom(t, attacker, owner.email, 'wrong')).status).toBe(401);
  });

  it('lets exactly the free attempts of a concurrent burst through', async () => {
    const owner = await createUser(t);
    const burst = await Promise.all(
      Array.from({ length: 12 }, () => loginFrom(t, '203.0.113.12', owner.email, 'wrong')),
    );
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
  });

  it('forgets counters once they limit nothing (the table stays small)', async () => {
    expect((await loginFrom(t, '203.0.113.13', 'someone@example.com', 'guess')).status).toBe(401);
    t.clock.advance(24 * HOUR);
    expect((await loginFrom(t, '203.0.113.14', 'someone@example.com', 'guess')).status).toBe(401);
    const now = t.clock.now().toISOString();
    const stale = await t.db.selectFrom('auth_throttles').select('key').where('expires_at', '<', now).execute();
    expect(stale).toEqual([]);
    expect((await t.db.selectFrom('auth_throttles').select('key').execute()).length).toBeGreaterThan(0);
  });

  it('counts unknown emails like known ones', async () => {
    const ghost = `ghost-${Date.now()}@example.com`;
    for (let i = 1; i <= 5; i++) expect((await loginFrom(t, '203.0.113.8', ghost, 'guess')).status).toBe(401);
    expectWait(await loginFrom(t, '203.0.113.8', ghost, 'guess'), 1);
  });

  it('limits the attempts of one address across emails', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 100; i++) {
      const res = await loginFrom(t, ip, `someone-${i}@example.com`, 'guess');
      expect(res.status).toBe(401);
    }
    const over = await loginFrom(t, ip, 'one-more@example.com', 'guess');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await loginFrom(t, '203.0.113.10', 'one-more@example.com', 'guess')).status).toBe(401);
  });

  it('keeps its counters in the database: a second app process on it sees them', async () => {
    const owner = await createUser(t);
    const attacker = '203.0.113.11';
    for (let i = 1; i <= 5; i++) expect((await loginFrom(t, attacker, owner.email, 'wrong')).status).toBe(401);
    const second = await startTestApp(engine, { ...ENV, ...t.databaseEnv });
    try {
      const res = await loginFrom(second, attacker, owner.email, 'wrong');
      expect(res.status).toBe(429);
      expect(res.body.code).toBe('RATE_LIMITED');
      expect((await loginFrom(second, '198.51.100.21', owner.email, PASSWORD)).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
