import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session-store.ts';
import { FakeServer, product } from './fake-server.ts';
import { useCounterCatalog } from './use-counter-catalog.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearSession();
});

it('keeps its functions across renders and status changes, and shows the copy filling', async () => {
  const server = new FakeServer();
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  server.put(product('901', { name: 'Soap' }));
  useSession.getState().login('jwt', { userId: 'hook-user' } as never);
  const { result, rerender, unmount } = renderHook(({ store }) => useCounterCatalog(store), {
    initialProps: { store: 'hook-shop' },
  });
  const first = result.current;
  expect(first.status).toMatchObject({ count: 0, complete: false, syncing: false });

  let found;
  await act(async () => {
    found = await first.find('901');
  });
  expect(found).toMatchObject({ source: 'server', product: { name: 'Soap' } });
  // The background sync starts a second after the first answered scan and copies the catalogue.
  await waitFor(() => expect(result.current.status).toMatchObject({ count: 1, complete: true }), { timeout: 3000 });

  rerender({ store: 'hook-shop' });
  expect(result.current.find).toBe(first.find);
  expect(result.current.search).toBe(first.search);
  expect(result.current.noteSold).toBe(first.noteSold);
  unmount();
});
