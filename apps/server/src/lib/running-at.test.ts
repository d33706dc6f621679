import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { runningAtMessage } from './running-at.ts';

describe('the start-up line', () => {
  const env = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/shopdesk-running-at' };

  it('names APP_URL when it is set to another address', () => {
    const config = loadConfig({ ...env, APP_URL: 'https://shop.example.com/', PORT: '3000' });
    expect(runningAtMessage(config.appUrl, config.host, 3000)).toBe(
      'ShopDesk is running at https://shop.example.com (on this machine: http://localhost:3000)',
    );
  });

  it('names localhost alone without APP_URL', () => {
    const config = loadConfig({ ...env, PORT: '3100' });
    expect(runningAtMessage(config.appUrl, config.host, 3100)).toBe('ShopDesk is running at http://localhost:3100');
  });

  it('brackets an IPv6 host', () => {
    expect(runningAtMessage('http://localhost:3000', 'fe80::1', 3000)).toContain('http://[fe80::1]:3000');
  });
});
