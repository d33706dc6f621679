import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { HOUR, ManualClock } from './clock.ts';
import { createSessionTokens } from './session-tokens.ts';

const secret = new TextEncoder().encode('a test secret that is long enough for HS256');

describe('session tokens', () => {
  it('verifies a signed token, again from memory, until it expires', async () => {
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
    const tokens = createSessionTokens(secret, clock);
    const token = await tokens.sign({ userId: 'u1', sessionId: 's1' }, new Date(clock.now().getTime() + HOUR));
    const claims = { userId: 'u1', sessionId: 's1', expiresAtMs: clock.now().getTime() + HOUR };
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    clock.advance(HOUR + 1000);
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret or tampered with', async () => {
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
    const tokens = createSessionTokens(secret, clock);
    const other = createSessionTokens(new TextEncoder().encode('another secret, also long enough!!'), clock);
    const foreign = await other.sign({ userId: 'u1', sessionId: 's1' }, new Date(clock.now().getTime() + HOUR));
    expect(await tokens.verify(foreign)).toBeNull();
    const token = await tokens.sign({ userId: 'u1', sessionId: 's1' }, new Date(clock.now().getTime() + HOUR));
    const [head, , sig] = token.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ sub: 'u2', sid: 's1', iss: 'shopdesk' })).toString('base64url')}.${sig}`;
    expect(await tokens.verify(forged)).toBeNull();
  });

  it('refuses a correctly signed token without exp or without iat', async () => {
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
    const tokens = createSessionTokens(secret, clock);
    const base = () =>
      new SignJWT({ sid: 's1' }).setProtectedHeader({ alg: 'HS256' }).setSubject('u1').setIssuer('shopdesk');
    const now = Math.floor(clock.now().getTime() / 1000);
    const forever = await base().setIssuedAt(now).sign(secret);
    const undated = await base()
      .setExpirationTime(now + 3600)
      .sign(secret);
    expect(await tokens.verify(forever)).toBeNull();
    expect(await tokens.verify(undated)).toBeNull();
    // The same claims with both dates pass, so the refusals above are about the missing date.
    expect(
      await tokens.verify(
        await base()
          .setIssuedAt(now)
          .setExpirationTime(now + 3600)
          .sign(secret),
      ),
    ).toMatchObject({
      userId: 'u1',
    });
  });
});
