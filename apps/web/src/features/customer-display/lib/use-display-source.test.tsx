import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { displayChannelName, type DisplayChannelMessage } from '@shopdesk/shared';
import { useWindowDisplay } from './use-display-source.ts';
import { saleState, testStore } from './display-test-states.test-support.ts';

afterEach(cleanup);

describe("the counter's second window", () => {
  it('says hello on opening, then shows the valid states the counter posts on its store channel', async () => {
    const counter = new BroadcastChannel(displayChannelName('corner'));
    const heard: unknown[] = [];
    counter.onmessage = (e: MessageEvent) => heard.push(e.data);
    try {
      const { result } = renderHook(() => useWindowDisplay('corner'));
      await waitFor(() => expect(heard).toEqual([{ type: 'hello' }]));
      expect(result.current.store).toBeNull();

      counter.postMessage({ type: 'state', store: testStore, state: { ...saleState({ seq: 3 }), cost: 5 } });
      counter.postMessage({
        type: 'state',
        store: testStore,
        state: saleState({ seq: 2 }),
      } satisfies DisplayChannelMessage);
      await waitFor(() => expect(result.current.state?.seq).toBe(2));
      expect(result.current).toMatchObject({ store: testStore, connection: 'live' });
      counter.postMessage({ type: 'state', store: testStore, state: saleState({ seq: 1, phase: 'idle' }) });
      counter.postMessage({ type: 'state', store: testStore, state: saleState({ seq: 4, phase: 'paid' }) });
      await waitFor(() => expect(result.current.state).toMatchObject({ seq: 4, phase: 'paid' }));
    } finally {
      counter.close();
    }
  });
});
