import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';

const SECRET = 'a known test secret, long enough for HS256';

describe.each(engines)('session token claims on %s', (engine) => {
  const t = useTestApp(engine, { JWT_SECRET: SECRET });

  it('refuses a token signed with the app secret for a live session but without exp or iat', async () => {
    const u = await createUser(t);
    const { sub, sid } = decodeJwt(u.token);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const sign = (dates: { iat?: boolean; exp?: boolean }) => {
      let jwt = new SignJWT({ sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub!).setIssuer('shopdesk');
      if (dates.iat) jwt = jwt.setIssuedAt(now);
      if (dates.exp) jwt = jwt.setExpirationTime(now + 3600);
      return jwt.sign(new TextEncoder().encode(SECRET));
    };
    const check = async (token: string) => (await t.request('GET', '/api/secure/login/check', { token })).status;
    expect(await check(await sign({ iat: true, exp: true }))).toBe(200);
    expect(await check(await sign({ iat: true }))).toBe(401);
    expect(await check(await sign({ exp: true }))).toBe(401);
  });
});
