import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, MantineProvider } from '@mantine/core';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { OWNER_RIGHTS, type StoreRights, type VirtualStore } from '@shopdesk/shared';
import '../../../lib/i18n.ts'; // the English texts, as in the app
import { useSession } from '../../../lib/session-store.ts';
import { useTill } from '../../../lib/till/till-state.ts';
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { NoSaleDialog } from './no-sale-dialog.tsx';
import CounterMoreMenu from './counter-more-menu.tsx';

const drawer = vi.hoisted(() => ({ openDrawerNow: vi.fn(async () => 'no-printer' as const) }));
vi.mock('../../../printing/receipts/cash-drawer.ts', () => drawer);
const toasts = vi.hoisted(() => ({ notifications: { show: vi.fn() } }));
vi.mock('../../../lib/notifications.ts', () => toasts);

beforeAll(stubLayoutApis);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  onlineManager.setOnline(true);
  useTill.getState().forget();
});

function withProviders(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">{node}</MantineProvider>
    </QueryClientProvider>,
  );
}

function signedIn(rights: StoreRights) {
  useSession.setState({ virtualStore: { urlName: 'corner', rights } as unknown as VirtualStore, userLocale: 'en-US' });
}

describe('No sale at the counter', () => {
  it('records the opening with its reason and one clientId across a retry, then kicks the drawer', async () => {
    signedIn(OWNER_RIGHTS);
    const calls: { url: string; body: { clientId: string; reason?: string }; store: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const store = new Headers(init.headers).get('X-Store');
        calls.push({ url, body: JSON.parse(String(init.body)), store });
        // The first answer is lost on the way back; the retry is answered.
        if (calls.length === 1) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ id: 'e1', action: 'NO_SALE' }), {
          status: 201,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    const onClose = vi.fn();
    withProviders(<NoSaleDialog store="corner" onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Reason (optional)'), { target: { value: '  Change for a note ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open the drawer' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(drawer.openDrawerNow).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Open the drawer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({ url: expect.stringContaining('/api/secure/shop/no-sale'), store: 'corner' });
    expect(calls[0]!.body).toEqual({ clientId: expect.stringMatching(/^[0-9a-f-]{36}$/), reason: 'Change for a note' });
    expect(calls[1]!.body.clientId).toBe(calls[0]!.body.clientId);
    await waitFor(() => expect(drawer.openDrawerNow).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(toasts.notifications.show).toHaveBeenCalledWith({
        color: 'yellow',
        message: 'Recorded as a no sale. No receipt printer is paired: open the drawer with its key.',
      }),
    );
  });

  it("asks for a manager's PIN first when the member on the till lacks NO_SALE, and sends nothing yet", () => {
    signedIn(OWNER_RIGHTS);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const cashier = {
      userId: 'c1',
      name: 'Cass',
      role: 'CASHIER' as const,
      permissions: ['SELL' as const],
      maxDiscount: 0,
    };
    useTill.setState({ store: 'corner', tillId: 'till-1', tillToken: 'till-token', roster: null, member: cashier });
    withProviders(<NoSaleDialog store="corner" onClose={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open the drawer' }));
    expect(screen.getByText('Approval needed')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is disabled in the More menu, saying why, without NO_SALE and offline', () => {
    const menu = () =>
      withProviders(
        <CounterMoreMenu
          target={<Button>More</Button>}
          opened
          onChange={vi.fn()}
          store="corner"
          empty
          held={false}
          shiftsEnabled={false}
          onDialog={vi.fn()}
          onClear={vi.fn()}
        />,
      );
    signedIn({ role: 'CASHIER', permissions: ['SELL'], maxDiscount: 0 });
    menu();
    const item = screen.getByRole('menuitem', { name: /No sale \(open the drawer\)/ });
    expect(item.hasAttribute('disabled') || item.getAttribute('data-disabled') === 'true').toBe(true);
    expect(item.textContent).toContain('You need the');
    cleanup();

    signedIn(OWNER_RIGHTS);
    onlineManager.setOnline(false);
    menu();
    const offline = screen.getByRole('menuitem', { name: /No sale/ });
    expect(offline.textContent).toContain('Needs a connection');
    cleanup();

    const onDialog = vi.fn();
    onlineManager.setOnline(true);
    withProviders(
      <CounterMoreMenu
        target={<Button>More</Button>}
        opened
        onChange={vi.fn()}
        store="corner"
        empty
        held={false}
        shiftsEnabled={false}
        onDialog={onDialog}
        onClear={vi.fn()}
      />,
    );
    fireEvent.click(screen.getByRole('menuitem', { name: 'No sale (open the drawer)' }));
    expect(onDialog).toHaveBeenCalledWith('noSale');
  });
});
