import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  OWNER_RIGHTS,
  ROLE_MAX_DISCOUNT,
  ROLE_PERMISSIONS,
  type StoreRights,
  type VirtualStore,
} from '@shopdesk/shared';
import '../../../lib/i18n.ts'; // the English texts, as in the app
import { useSession } from '../../../lib/session-store.ts';
import { useTill } from '../../../lib/till/till-state.ts';
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { HeldCarts } from './held-carts.tsx';

const toasts = vi.hoisted(() => ({ notifications: { show: vi.fn() } }));
vi.mock('../../../lib/notifications.ts', () => toasts);

beforeAll(stubLayoutApis);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  useTill.getState().forget();
});

const held = {
  code: 'K7M2Q9XA0001',
  status: 'PARKED',
  total: 2500,
  updatedAt: '2026-11-28T10:00:00.000Z',
  note: null,
  servedBy: { userId: 'aiko-id', name: 'Aiko' },
  lines: [
    { name: 'Green tea', quantity: 2, unit: 'EACH' },
    { name: 'Gouda', quantity: 342, unit: 'KG' },
  ],
};

/** The server: the held list, and every void request recorded. */
function server() {
  const voids: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url.includes('/void')) {
        voids.push({ url, body: JSON.parse(String(init.body)) });
        return new Response(null, { status: 204 });
      }
      return new Response(JSON.stringify([held]), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return voids;
}

function show(rights: StoreRights) {
  useSession.setState({ virtualStore: { urlName: 'corner', rights } as unknown as VirtualStore, userLocale: 'en-US' });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <HeldCarts store="corner" opened currentCode={null} onReopen={() => {}} onClose={() => {}} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('voiding a held cart', () => {
  it('asks to confirm, counts a weighed line as one item, and voids it', async () => {
    const voids = server();
    show(OWNER_RIGHTS);
    // Two pieces of tea and one weighing of cheese, held by Aiko (several cashiers share a counter).
    expect(await screen.findByText(/3 items · held by Aiko/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `Void held cart ${held.code}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Void this held cart?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void cart' }));
    await waitFor(() => expect(voids).toHaveLength(1));
    expect(voids[0]).toEqual({ url: expect.stringContaining(`/shop/transaction/${held.code}/void`), body: {} });
  });

  it('on a till, asks a member who may for their PIN when the cashier lacks VOID_PARKED', async () => {
    const voids = server();
    const member = (name: string, role: 'MANAGER' | 'CASHIER') => ({
      userId: `${name}-id`,
      name,
      role,
      permissions: [...ROLE_PERMISSIONS[role]],
      maxDiscount: ROLE_MAX_DISCOUNT[role],
      pinVerifier: 'kept',
    });
    const ben = member('Ben', 'CASHIER');
    useTill.setState({
      store: 'corner',
      tillId: 'till-1',
      tillToken: 'till-token',
      roster: { lockAfterSale: true, idleLockMinutes: 5, members: [ben, member('Mia', 'MANAGER')] },
      member: ben,
    });
    show(OWNER_RIGHTS);
    fireEvent.click(await screen.findByRole('button', { name: `Void held cart ${held.code}` }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Void this held cart?' })).getByRole('button', {
        name: 'Void cart',
      }),
    );
    expect(await screen.findByText(/Ben may not void a held cart/)).toBeTruthy();
    expect(voids).toEqual([]);
  });

  it('off a till, a member without VOID_PARKED sees the button closed', async () => {
    server();
    show({ role: 'CASHIER', permissions: ROLE_PERMISSIONS.CASHIER, maxDiscount: 1000 });
    const button = await screen.findByRole('button', { name: `Void held cart ${held.code}` });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});
