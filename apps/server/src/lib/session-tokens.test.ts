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
});
