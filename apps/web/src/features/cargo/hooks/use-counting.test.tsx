import 'fake-indexeddb/auto';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CargoContent, LoggedUser } from '@shopdesk/shared';
import { useSession } from '../../../lib/session-store.ts';
import { cargoKeys } from '../api/keys.ts';
import { listDifferences, resetCargoQueueDbForTests } from '../offline/difference-queue-db.ts';
import { resetDifferenceQueueForTests } from '../offline/difference-queue.ts';
import { useCounting } from './use-counting.ts';

const STORE = 'corner';
const CODE = 'K7M2Q9XA';
const line: CargoContent = {
  contentId: '0b4c8a7e-6a0e-4f57-9d38-3f1f2a9a0c11',
  cargoId: '5f0e3d1c-2b4a-4c6d-8e9f-0a1b2c3d4e5f',
  code: '4901234567894',
  name: 'Green tea',
  brand: '',
  quantity: 2,
  receivedQuantity: null,
  price: 1250,
  priceConverted: false,
  productId: null,
  unit: 'EACH',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

async function settle(rounds = 60): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** The difference endpoint: keeps the line's quantity and every request's path. */
function server(start: number) {
  let quantity = start;
  const paths: string[] = [];
  const fetchMock = vi.fn(async (url: string) => {
    paths.push(url);
    const [, , difference] = /quantity\/(\d+)\/difference\/(-?\d+)/.exec(url)!.map(Number) as [number, number, number];
    quantity += difference;
    return new Response(JSON.stringify({ quantity, conflict: false, replayed: false }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { fetchMock, paths };
}

let qc: QueryClient;
let api: ReturnType<typeof server>;

function render() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>{children}</QueryClientProvider>
  );
  return renderHook(() => useCounting(STORE, CODE, 'quantity'), { wrapper });
}

/** Moves the fake clock and lets IndexedDB, fetch and React catch up. */
async function after(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    await settle();
  });
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  resetDifferenceQueueForTests();
  await resetCargoQueueDbForTests();
  useSession.getState().clearSession();
  useSession
    .getState()
    .login('jwt', { userId: 'u1', email: 'u1@example.com', name: 'u1', locale: 'en-US' } as LoggedUser);
  onlineManager.setOnline(true);
  qc = new QueryClient();
  qc.setQueryData(cargoKeys.contents(STORE, CODE), [line]);
  api = server(line.quantity);
  vi.stubGlobal('fetch', api.fetchMock);
});
afterEach(() => {
  cleanup();
  resetDifferenceQueueForTests();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const shown = () => qc.getQueryData<CargoContent[]>(cargoKeys.contents(STORE, CODE))![0]!;

describe('useCounting', () => {
  it('shows each tap at once and sends a burst of taps as one difference', async () => {
    const { result } = render();
    act(() => {
      for (let i = 0; i < 4; i++) result.current.tap(shown(), 1);
      result.current.tap(shown(), -1);
    });
    expect(result.current.countOf(shown())).toBe(5);
    expect(result.current.state).toBe('pending');
    expect(api.paths).toEqual([]);

    await after(600);
    expect(api.paths).toHaveLength(1);
    // One difference of +3, expecting 5 after it, with the clientId that makes a resend safe.
    expect(api.paths[0]).toMatch(/\/quantity\/5\/difference\/3\?clientId=[0-9a-f-]{36}$/);
    expect(shown().quantity).toBe(5);
    expect(result.current.countOf(shown())).toBe(5);
    expect(result.current.state).toBe('saved');
  });

  it('never counts below zero', async () => {
    const { result } = render();
    act(() => {
      for (let i = 0; i < 5; i++) result.current.tap(shown(), -1);
    });
    expect(result.current.countOf(shown())).toBe(0);
    await after(600);
    expect(api.paths[0]).toMatch(/\/quantity\/0\/difference\/-2\?/);
  });

  it('a typed count sends the difference to what is shown', async () => {
    const { result } = render();
    act(() => result.current.setCount(shown(), 12));
    await after(600);
    expect(api.paths[0]).toMatch(/\/quantity\/12\/difference\/10\?/);
    expect(shown().quantity).toBe(12);
  });

  it('offline, the counts stay on the device and on screen, and go when the connection is back', async () => {
    const { result } = render();
    act(() => onlineManager.setOnline(false));
    act(() => {
      for (let i = 0; i < 5; i++) result.current.tap(shown(), 1);
    });
    await after(600);
    expect(api.paths).toEqual([]);
    expect(result.current.state).toBe('offline');
    expect(result.current.waitingCount).toBe(1);
    expect(result.current.countOf(shown())).toBe(7);
    expect((await listDifferences()).map((e) => e.difference)).toEqual([5]);

    await act(async () => {
      onlineManager.setOnline(true);
      await settle();
    });
    await after(0);
    expect(api.paths).toHaveLength(1);
    expect(shown().quantity).toBe(7);
    expect(result.current.countOf(shown())).toBe(7);
    expect(result.current.state).toBe('saved');
  });

  it('with cargoAutoSave off, taps wait for Save', async () => {
    act(() => useSession.getState().setCargoAutoSave(false));
    const { result } = render();
    act(() => {
      result.current.tap(shown(), 1);
      result.current.tap(shown(), 1);
    });
    await after(10_000);
    expect(api.paths).toEqual([]);
    expect(result.current.state).toBe('unsaved');
    act(() => result.current.saveNow());
    await after(0);
    expect(api.paths).toHaveLength(1);
    expect(api.paths[0]).toMatch(/\/quantity\/4\/difference\/2\?/);
    expect(result.current.state).toBe('saved');
  });
});
