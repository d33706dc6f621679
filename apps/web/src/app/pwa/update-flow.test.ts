import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A service worker as the page sees it: a state and a message port. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  postMessage = vi.fn();
  scriptURL = '/service-worker.js';
  install() {
    this.state = 'installed';
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  scope = 'http://localhost/';
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  update = vi.fn(() => Promise.resolve());
  /** The server has a new worker: it installs and waits. */
  newVersion(): FakeWorker {
    const worker = new FakeWorker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    this.installing = null;
    this.waiting = worker;
    worker.install();
    return worker;
  }
}

let registration: FakeRegistration;
let container: EventTarget & { controller: object | null; register: () => Promise<FakeRegistration> };
let reload: ReturnType<typeof vi.fn>;

/** A fresh copy of the module (its state is per page) with the page under a worker. */
async function start() {
  vi.resetModules();
  registration = new FakeRegistration();
  container = Object.assign(new EventTarget(), {
    controller: {} as object | null,
    register: vi.fn(() => Promise.resolve(registration)),
  });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  reload = vi.fn();
  vi.stubGlobal('location', { reload });
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  const register = await import('./sw-register.ts');
  const guard = await import('../../lib/update-guard.ts');
  register.startServiceWorker();
  await vi.waitFor(() => expect(container.register).toHaveBeenCalled());
  await Promise.resolve();
  // The flow the first new version loads: the same module instance sw-register.ts gets.
  const flow = () => import('./update-flow.ts');
  return { ...register, ...guard, flow };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('service worker updates', () => {
  beforeEach(() => {
    Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('announces a new version and leaves the waiting worker alone until a quiet moment', async () => {
    const u = await start();
    u.noteScreen('/shop/home');
    const worker = registration.newVersion();
    await u.flow();
    await settle();
    expect(worker.postMessage).not.toHaveBeenCalled();

    // The same screen again (a banner mounted anew) is not a move.
    u.noteScreen('/shop/home');
    await settle();
    expect(worker.postMessage).not.toHaveBeenCalled();

    u.noteScreen('/shop/stock/list');
    await vi.waitFor(() => expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' }));
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('waits for the sale while the counter holds it, then applies once the hold ends', async () => {
    const u = await start();
    const release = u.holdUpdates('counter-cart');
    const worker = registration.newVersion();
    await u.flow();
    u.noteScreen('/a');
    u.noteScreen('/b');
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(worker.postMessage).not.toHaveBeenCalled();

    let flushed = false;
    u.registerUpdateFlush(async () => {
      await settle();
      flushed = true;
    });
    release();
    await vi.waitFor(() => expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' }));
    // The cart's last write was in before the worker was told to take over.
    expect(flushed).toBe(true);
  });

  it('"Update now" applies mid-sale, after the pending cart write', async () => {
    const u = await start();
    u.holdUpdates('payment');
    const worker = registration.newVersion();
    const { applyUpdate } = await u.flow();
    const order: string[] = [];
    u.registerUpdateFlush(async () => {
      await settle();
      order.push('flushed');
    });
    worker.postMessage.mockImplementation(() => order.push('skip-waiting'));
    await applyUpdate();
    expect(order).toEqual(['flushed', 'skip-waiting']);
  });

  it("a worker that does not take over leaves the page running, online or not; the page's requests wait meanwhile", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The browser says "online" (Wi-Fi up) whether or not the server can be reached.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    try {
      const u = await start();
      const worker = registration.newVersion();
      const { applyUpdate } = await u.flow();
      expect(u.requestsMayGo()).toBeUndefined();
      await applyUpdate();
      expect(worker.postMessage).toHaveBeenCalledTimes(1);
      // Requests wait while the worker takes over: one would start the old worker again.
      const held = u.requestsMayGo();
      expect(held).toBeInstanceOf(Promise);
      let went = false;
      void held!.then(() => (went = true));
      await vi.advanceTimersByTimeAsync(4_999);
      expect(went).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      // No reload into a page that would wait for that worker; requests go again; the update can
      // be applied again.
      expect(reload).not.toHaveBeenCalled();
      expect(went).toBe(true);
      expect(u.requestsMayGo()).toBeUndefined();
      await applyUpdate();
      expect(worker.postMessage).toHaveBeenCalledTimes(2);
      // When the worker does take over, late, the page reloads under it; not in the middle of a
      // sale started meanwhile, but once that sale is done.
      await vi.advanceTimersByTimeAsync(5_000);
      const release = u.holdUpdates('counter-cart');
      container.dispatchEvent(new Event('controllerchange'));
      await vi.advanceTimersByTimeAsync(0);
      expect(reload).not.toHaveBeenCalled();
      release();
      await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));

      // A worker replaced by a newer one meanwhile holds nothing back: the page reloads.
      const v = await start();
      const next = registration.newVersion();
      await (await v.flow()).applyUpdate();
      expect(next.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
      next.state = 'redundant';
      await vi.advanceTimersByTimeAsync(5_000);
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reloads under the new worker only once it has finished activating', async () => {
    const u = await start();
    const worker = registration.newVersion();
    const { applyUpdate } = await u.flow();
    await applyUpdate();
    // The worker takes the page while still activating: the reload waits for the end of that.
    worker.state = 'activating';
    container.controller = worker;
    container.dispatchEvent(new Event('controllerchange'));
    await settle();
    expect(reload).not.toHaveBeenCalled();
    worker.state = 'activated';
    worker.dispatchEvent(new Event('statechange'));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('the first install is not an update, and another tab taking over asks for a reload when safe', async () => {
    const u = await start();
    await u.flow();
    container.controller = null;
    const first = registration.newVersion();
    await settle();
    expect(first.postMessage).not.toHaveBeenCalled();

    // Another tab applied a new version: this page runs old code under the new worker.
    container.controller = {};
    const release = u.holdUpdates('counter-cart');
    container.dispatchEvent(new Event('controllerchange'));
    await settle();
    expect(reload).not.toHaveBeenCalled();
    release();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});
