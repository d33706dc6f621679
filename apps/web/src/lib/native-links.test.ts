import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listenForAppLinks } from './native-links.ts';

// @capacitor/app as the apps' bridge answers it: the link that launched the app and the listener.
const app = vi.hoisted(() => ({
  launchUrl: null as string | null,
  listener: null as ((event: { url: string }) => void) | null,
}));
vi.mock('@capacitor/app', () => ({
  App: {
    addListener: async (_name: string, listener: (event: { url: string }) => void) => {
      app.listener = listener;
      return { remove: async () => {} };
    },
    getLaunchUrl: async () => (app.launchUrl ? { url: app.launchUrl } : undefined),
  },
}));

beforeEach(() => {
  app.launchUrl = null;
  app.listener = null;
});

describe('links that open the apps', () => {
  it('open the receipt the app was launched with, then every later receipt or cargo link, inside the app', async () => {
    app.launchUrl = 'https://shop.example.com/receipt/R7K2M9XQ';
    const navigate = vi.fn();
    await listenForAppLinks(navigate);
    expect(navigate.mock.calls).toEqual([['/receipt/R7K2M9XQ']]);

    const token = 'AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB';
    app.listener!({ url: `shopdesk://cargo/receive/${token}` });
    app.listener!({ url: 'https://shop.example.com/some/other/page' });
    expect(navigate.mock.calls).toEqual([['/receipt/R7K2M9XQ'], [`/cargo/receive/${token}`]]);
  });

  it('do nothing when the app was opened from its icon', async () => {
    const navigate = vi.fn();
    await listenForAppLinks(navigate);
    expect(navigate).not.toHaveBeenCalled();
    expect(app.listener).not.toBeNull();
  });
});
