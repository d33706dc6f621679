import type { Page } from 'playwright-core';

/**
 * Types `code` the way a keyboard-wedge scanner does, into whatever has focus: a key every 5 ms,
 * then Enter. Sent through the DevTools protocol with each key's time set 5 ms after the last, as
 * a scanner's keys carry them (the app times bursts by the keys' own timestamps): Playwright's own
 * typing waits for the page after every key, so on a busy machine its keys arrive 30–200 ms
 * apart, slower than any scanner, and a burst would be seen as typing.
 */
export async function wedgeScan(page: Page, code: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  const keys = [...code].map((ch) => ({
    key: ch,
    code: /\d/.test(ch) ? `Digit${ch}` : /[a-z]/i.test(ch) ? `Key${ch.toUpperCase()}` : '',
    text: ch,
    windowsVirtualKeyCode: /[a-z0-9]/i.test(ch) ? ch.toUpperCase().charCodeAt(0) : 0,
  }));
  keys.push({ key: 'Enter', code: 'Enter', text: '\r', windowsVirtualKeyCode: 13 });
  try {
    for (const [i, key] of keys.entries()) {
      const timestamp = start + (i * 5) / 1000;
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key, timestamp });
      await cdp.send('Input.dispatchKeyEvent', {
        type: 'keyUp',
        ...key,
        text: undefined,
        timestamp: timestamp + 0.002,
      });
    }
  } finally {
    await cdp.detach();
  }
}
