import { describe, expect, it } from 'vitest';
import { buildCargoQrLink } from '@shopdesk/shared';
import { appPathOf } from './deep-links.ts';

const TOKEN = 'AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB';

describe('appPathOf: links the apps open on their own pages', () => {
  it('opens a receipt from the server’s address or the app scheme', () => {
    expect(appPathOf('https://shop.example.com/receipt/R7K2M9XQ')).toBe('/receipt/R7K2M9XQ');
    expect(appPathOf('shopdesk://receipt/R7K2M9XQ')).toBe('/receipt/R7K2M9XQ');
    expect(appPathOf('https://shop.example.com/receipt/R7K2M9XQ/')).toBe('/receipt/R7K2M9XQ');
  });

  it('opens the cargo hand-over QR the server builds, and its other forms', () => {
    expect(appPathOf(buildCargoQrLink('https://shop.example.com', TOKEN))).toBe(`/cargo/receive/${TOKEN}`);
    expect(appPathOf(`shopdesk://cargo/receive/${TOKEN}`)).toBe(`/cargo/receive/${TOKEN}`);
    expect(appPathOf(`https://shop.example.com/main/cargo/manage?receive=${TOKEN}`)).toBe(`/cargo/receive/${TOKEN}`);
  });

  it('ignores every other link, plain http and unparsable text', () => {
    expect(appPathOf('https://shop.example.com/main/stock')).toBeNull();
    expect(appPathOf('https://shop.example.com/receipt/')).toBeNull();
    expect(appPathOf('https://shop.example.com/cargo/receive/short')).toBeNull();
    expect(appPathOf('http://shop.example.com/receipt/R7K2M9XQ')).toBeNull();
    expect(appPathOf('javascript:alert(1)//receipt/x')).toBeNull();
    expect(appPathOf('not a url')).toBeNull();
  });
});
