import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TillDevice, TillDeviceList } from '@shopdesk/shared';
import { applyLocale } from '../../../lib/i18n.ts';
import { createRouter, RouterProvider } from '../../../lib/router/index.ts';
import { createMemoryHistory } from '../../../lib/router/history.ts';
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import TillsPage from './tills-page.tsx';

beforeAll(stubLayoutApis);
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await applyLocale('en-US');
});

const NOW = Date.parse('2026-12-05T12:00:00.000Z');
const till = (t: Partial<TillDevice>): TillDevice => ({
  id: 'till-1',
  name: 'Front till',
  createdBy: { userId: 'o', name: 'Olive Owner' },
  createdAt: '2026-11-01T01:00:00.000Z',
  lastSeenAt: '2026-12-05T11:55:00.000Z',
  revokedAt: null,
  ...t,
});

const JSON_HEADERS = { 'content-type': 'application/json' };
const STORE = { id: 's1', name: 'Corner Shop', urlName: 'corner', timezone: 'Asia/Tokyo', mainCurrency: 'JPY' };

interface Call {
  method: string;
  url: string;
  store: string | null;
  body?: unknown;
}

/**
 * The server: the store, its tills, and DELETE answering `revokeStatus` (204, or an error with
 * the API's body). The list answered after a revoke shows the till revoked, as the server would.
 */
function stubServer(tills: TillDevice[], { listStatus = 200, revokeStatus = 204 } = {}) {
  const calls: Call[] = [];
  let list: TillDeviceList = { tills };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const headers = new Headers(init?.headers);
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url, store: headers.get('X-Store'), ...(body === undefined ? {} : { body }) });
      // The store's customer displays, listed below the tills (components/display-pairings has their tests).
      if (url.endsWith('/api/secure/display/pair')) {
        return new Response(JSON.stringify({ items: [] }), { status: 200, headers: JSON_HEADERS });
      }
      if (url.endsWith('/api/secure/virtual-store/current')) {
        return new Response(JSON.stringify(STORE), { status: 200, headers: JSON_HEADERS });
      }
      if (method === 'DELETE') {
        if (revokeStatus !== 204) {
          const body = { code: 'NOT_FOUND', message: 'Till not found' };
          return new Response(JSON.stringify(body), { status: revokeStatus, headers: JSON_HEADERS });
        }
        const id = decodeURIComponent(url.split('/').pop() ?? '');
        list = {
          tills: list.tills.map((t) => (t.id === id ? { ...t, revokedAt: '2026-12-05T11:59:00.000Z' } : t)),
        };
        return new Response(null, { status: 204 });
      }
      if (listStatus !== 200) {
        const body = { code: 'FORBIDDEN', message: 'You need the SETTINGS permission' };
        return new Response(JSON.stringify(body), { status: listStatus, headers: JSON_HEADERS });
      }
      return new Response(JSON.stringify(list), { status: 200, headers: JSON_HEADERS });
    }),
  );
  return calls;
}

function renderPage() {
  // Only Date is faked: the queries' and the dialog's timers run as they do in the app.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter(
    [{ path: ':store/profile/store/:urlName/tills', element: <TillsPage /> }],
    createMemoryHistory(['/my-shop/profile/store/corner/tills']),
  );
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

/** The card's lines (its paragraphs), as read. */
const texts = (card: HTMLElement) => [...card.querySelectorAll('p')].map((p) => p.textContent);

describe('the tills page', () => {
  it("lists the store's tills, active first, with who made them and when they were last seen in the store's zone", async () => {
    const calls = stubServer([
      till({ id: 'old', name: 'Old tablet', revokedAt: '2026-11-20T03:00:00.000Z', lastSeenAt: null }),
      till({}),
      till({
        id: 'back',
        name: 'Back office',
        createdBy: { userId: 'x', name: '' },
        lastSeenAt: '2026-12-04T09:00:00.000Z',
      }),
    ]);
    renderPage();
    const cards = await screen.findAllByTestId('till-card');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Front till', 'Back office', 'Old tablet']);
    expect(calls.find((c) => c.url.endsWith('/api/secure/till/device'))?.store).toBe('corner');

    const [front, back, old] = cards;
    expect(texts(front!)).toEqual([
      'Front till',
      'Last seen 5 minutes ago · Dec 5, 2026, 8:55 PM',
      'Made by Olive Owner · Nov 1, 2026, 10:00 AM',
    ]);
    expect(within(front!).getByText('Active')).toBeTruthy();
    expect(within(front!).getByText('Last seen 5 minutes ago').getAttribute('dateTime')).toBe(
      '2026-12-05T11:55:00.000Z',
    );
    expect(within(front!).getByRole('button', { name: 'Revoke Front till' })).toBeTruthy();
    expect(texts(back!)[2]).toBe('Made by a deleted account · Nov 1, 2026, 10:00 AM');
    expect(texts(back!)[1]).toMatch(/^Last seen yesterday · Dec 4, 2026, 6:00 PM$/);

    expect(within(old!).getByText('Revoked')).toBeTruthy();
    expect(within(old!).getByText('Not used since it was made')).toBeTruthy();
    expect(within(old!).getByText('Revoked Nov 20, 2026, 12:00 PM')).toBeTruthy();
    expect(within(old!).queryByRole('button')).toBeNull();
    expect(screen.getByText('Times are in the store’s time zone (Asia/Tokyo).')).toBeTruthy();
    expect(screen.getByText('Corner Shop')).toBeTruthy();
  });

  it('revokes a till after asking, then shows it revoked', async () => {
    const calls = stubServer([till({ id: 'till/1' })]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Front till' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this till?' });
    expect(within(dialog).getByText(/“Front till” stops working at once/)).toBeTruthy();
    // Cancel has the focus: an Enter never revokes by accident.
    expect(document.activeElement?.textContent).toBe('Cancel');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    const card = screen.getByTestId('till-card');
    await waitFor(() => expect(within(card).getByText('Revoked')).toBeTruthy());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      {
        method: 'DELETE',
        url: expect.stringMatching(/\/api\/secure\/till\/device\/till%2F1$/),
        store: 'corner',
        body: undefined,
      },
    ]);
    expect(within(card).queryByRole('button', { name: /Revoke/ })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the question open and says why when the revoke fails', async () => {
    stubServer([till({})], { revokeStatus: 404 });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Front till' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this till?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The till could not be revoked: Till not found',
    );
    expect(within(screen.getByTestId('till-card')).getByText('Active')).toBeTruthy();
  });

  it('explains what a till is and how to make one when the store has none', async () => {
    stubServer([]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No tills yet' })).toBeTruthy();
    expect(screen.getByText(/A till is a device the whole store shares at the counter/)).toBeTruthy();
    expect(
      screen.getByText(
        'To make one, open Point of sale on that device, choose “Till mode…” in its menu and turn till mode on. The till then shows here, and you can revoke it from any device.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the counter' }).getAttribute('href')).toBe('/corner/shop/counter');
    expect(screen.queryByTestId('till-card')).toBeNull();
  });

  it('tells a member without SETTINGS why the list is not shown', async () => {
    stubServer([], { listStatus: 403 });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You need the “Store settings” permission to see this store’s tills. Ask the store’s owner.',
    );
  });
});

describe('the tills page in Japanese', () => {
  it('says when in Japanese, in the store’s zone', async () => {
    await applyLocale('ja-JP');
    stubServer([till({}), till({ id: 'old', name: '旧端末', revokedAt: '2026-11-20T03:00:00.000Z' })]);
    renderPage();
    const [front, old] = await screen.findAllByTestId('till-card');
    expect(within(front!).getByText('使用中')).toBeTruthy();
    expect(within(front!).getByText('最終接続：5 分前')).toBeTruthy();
    expect(within(front!).getByText('作成：Olive Owner・2026/11/01 10:00')).toBeTruthy();
    expect(within(front!).getByRole('button', { name: 'Front till を無効にする' })).toBeTruthy();
    expect(within(old!).getByText('無効')).toBeTruthy();
    expect(within(old!).getByText('無効にした日時：2026/11/20 12:00')).toBeTruthy();
  });

  it('explains an empty store in Japanese', async () => {
    await applyLocale('ja-JP');
    stubServer([]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'レジ端末はまだありません' })).toBeTruthy();
    expect(screen.getByText(/メニューの「レジモード…」からレジモードをオンにします/)).toBeTruthy();
  });
});
