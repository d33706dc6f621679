import { describe, expect, it } from 'vitest';
import { withoutSecrets } from '../../lib/logger.ts';

describe('display tokens in the log', () => {
  it('are taken out of logged urls, the page and the API alike', () => {
    const token = 'F0tpCf_jZ3UTtEWCRa6Z96qyflF3L4Qa9JkpX6b5qVU';
    expect(withoutSecrets(`/display/${token}`)).toBe('/display/[token]');
    expect(withoutSecrets(`/api/public/display/${token}/events`)).toBe('/api/public/display/[token]/events');
    expect(withoutSecrets('/api/secure/display/pair/abc/state')).toBe('/api/secure/display/pair/abc/state');
  });
});
