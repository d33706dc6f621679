import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { noteKept, startIfKept } from './start-if-kept.ts';

async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

function createDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = () => reject(request.error as Error);
  });
}

/** A sender whose load and start are counted, with the stop it hands back. */
function fakeSender() {
  const stop = vi.fn();
  const start = vi.fn(() => stop);
  const load = vi.fn(() => Promise.resolve(start));
  return { load, start, stop };
}

describe('startIfKept', () => {
  it('loads nothing on a device that never kept anything', async () => {
    const sender = fakeSender();
    const stop = startIfKept('never-kept', sender.load);
    await settle();
    expect(sender.load).not.toHaveBeenCalled();
    stop();
  });

  it('starts the sender when its database exists, and stops it', async () => {
    await createDatabase('kept-before');
    const sender = fakeSender();
    const stop = startIfKept('kept-before', sender.load);
    await settle();
    expect(sender.start).toHaveBeenCalledTimes(1);
    stop();
    expect(sender.stop).toHaveBeenCalledTimes(1);
  });

  it('starts once the tab creates the database later, only once', async () => {
    const sender = fakeSender();
    const stop = startIfKept('kept-later', sender.load);
    await settle();
    noteKept('kept-later');
    noteKept('kept-later');
    await settle();
    expect(sender.load).toHaveBeenCalledTimes(1);
    expect(sender.start).toHaveBeenCalledTimes(1);
    stop();
    expect(sender.stop).toHaveBeenCalledTimes(1);
  });

  it('starts when another tab announces a change of its queue', async () => {
    const sender = fakeSender();
    const stop = startIfKept('kept-elsewhere', sender.load);
    await settle();
    const otherTab = new BroadcastChannel('kept-elsewhere');
    otherTab.postMessage('changed');
    await expect.poll(() => sender.start.mock.calls.length).toBe(1);
    otherTab.close();
    stop();
  });

  it('tries again once back online when its code could not be loaded', async () => {
    await createDatabase('kept-offline');
    const sender = fakeSender();
    sender.load.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    const stop = startIfKept('kept-offline', sender.load);
    await settle();
    expect(sender.start).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(sender.load).toHaveBeenCalledTimes(2);
    expect(sender.start).toHaveBeenCalledTimes(1);
    stop();
  });

  it('never starts a sender stopped before its code arrived', async () => {
    await createDatabase('stopped-early');
    const sender = fakeSender();
    const stop = startIfKept('stopped-early', sender.load);
    stop();
    await settle();
    noteKept('stopped-early');
    await settle();
    expect(sender.start).not.toHaveBeenCalled();
  });
});
