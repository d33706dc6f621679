import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_KEYS_GLOBAL, EARLY_KEYS_SCRIPT } from '@shopdesk/shared';
import { WedgeHub } from './wedge-hub.ts';

/**
 * A scan fired while the app is still loading. index.html's inline recorder keeps the keys until
 * the hub attaches; the hub replays them with their own timestamps, and a scan that ended before
 * any screen listened goes to the first screen that listens.
 */

let clock = 0;

/** A keydown on the page at `clock` ms, as the browser stamps it. */
function press(key: string, target: EventTarget = document.body) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  Object.defineProperty(event, 'timeStamp', { value: clock });
  target.dispatchEvent(event);
}

function burst(keys: string, gapMs: number) {
  for (const key of [...keys, 'Enter']) {
    clock += gapMs;
    press(key === 'Enter' ? 'Enter' : key);
  }
}

/** Runs index.html's inline script, as the browser does before the app's bundle arrives. */
const installRecorder = () => new Function(EARLY_KEYS_SCRIPT)();
const flush = () => new Promise<void>((resolve) => queueMicrotask(resolve));

let hub: WedgeHub;
beforeEach(() => {
  clock = 1000;
  hub = new WedgeHub({ now: () => clock });
});
afterEach(() => {
  hub.close();
  delete (window as unknown as Record<string, unknown>)[EARLY_KEYS_GLOBAL];
});

describe('WedgeHub at the start of the app', () => {
  it('takes a whole scan fired before the app loaded, once, to the first screen that listens', async () => {
    installRecorder();
    burst('5000112637922', 8);
    hub.attach();
    clock += 3000; // the counter takes seconds to open on a slow phone
    const onScan = vi.fn();
    hub.subscribe(onScan);
    await flush();
    expect(onScan.mock.calls).toEqual([['5000112637922']]);
    // The recorder has stopped: keys now reach the hub only.
    expect((window as unknown as Record<string, unknown>)[EARLY_KEYS_GLOBAL]).toBeUndefined();
  });

  it('joins the first digits typed before the hub attached with the rest typed after', async () => {
    installRecorder();
    const onScan = vi.fn();
    for (const key of '500011') {
      clock += 8;
      press(key);
    }
    hub.attach();
    hub.subscribe(onScan);
    burst('2637922', 8);
    await flush();
    expect(onScan.mock.calls).toEqual([['5000112637922']]);
  });

  it('gives a start-up scan to no screen of another page (the person went elsewhere meanwhile)', async () => {
    installRecorder();
    burst('4901234567894', 8);
    hub.attach();
    const page = location.pathname;
    history.pushState(null, '', '/other-page');
    const onScan = vi.fn();
    hub.subscribe(onScan);
    await flush();
    history.replaceState(null, '', page);
    expect(onScan).not.toHaveBeenCalled();
  });

  it('keeps a person typing before the app loaded for what it is: no scan', async () => {
    installRecorder();
    burst('1234', 250);
    hub.attach();
    const onScan = vi.fn();
    hub.subscribe(onScan);
    await flush();
    expect(onScan).not.toHaveBeenCalled();
  });

  it('drops a start-up scan no screen took within 20 s, and holds none once a screen has listened', async () => {
    installRecorder();
    burst('4901234567894', 8);
    hub.attach();
    clock += 25_000;
    const late = vi.fn();
    const unsubscribe = hub.subscribe(late);
    await flush();
    expect(late).not.toHaveBeenCalled();
    unsubscribe();
    // Between screens (one closed, the next still opening) a scan is typing, not held.
    burst('4006381333931', 8);
    const next = vi.fn();
    hub.subscribe(next);
    await flush();
    expect(next).not.toHaveBeenCalled();
  });
});
