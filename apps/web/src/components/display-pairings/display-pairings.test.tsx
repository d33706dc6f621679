import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DisplayPairing } from '@shopdesk/shared';
import { applyLocale } from '../../lib/i18n.ts';
import { stubLayoutApis } from '../../lib/jsdom-stubs.test-support.ts';
import { DisplayPairings, inOrder } from './display-pairings.tsx';

beforeAll(stubLayoutApis);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await applyLocale('en-US');
});

const JSON_HEADERS = { 'content-type': 'application/json' };
const display = (d: Partial<DisplayPairing>): DisplayPairing => ({
  id: 'd1',
  name: 'Tablet by the till',
  createdAt: '2026-12-01T01:00:00.000Z',
  createdBy: 'Olive Owner',
  lastSeenAt: '2026-12-05T11:00:00.000Z',
  connected: false,
  ...d,
});

/** The server: the list, and DELETE answering `revokeStatus` (204, or 404 with the API's error). */
function stubServer(items: DisplayPairing[], revokeStatus = 204) {
  const calls: { method: string; url: string; store: string | null }[] = [];
  let list = items;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, store: new Headers(init?.headers).get('X-Store') });
      if (method === 'DELETE') {
        if (revokeStatus !== 204) {
          const body = { code: 'NOT_FOUND', message: 'Display not found' };
          return new Response(JSON.stringify(body), { status: revokeStatus, headers: JSON_HEADERS });
        }
        const id = decodeURIComponent(url.split('/').pop() ?? '');
        list = list.filter((d) => d.id !== id);
        return new Response(null, { status: 204 });
      }
      return new Response(JSON.stringify({ items: list }), { status: 200, headers: JSON_HEADERS });
    }),
  );
  return calls;
}

function renderList(onRevoked = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <DisplayPairings store="corner" exact={(iso) => `at ${iso.slice(0, 16)}`} onRevoked={onRevoked} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return onRevoked;
}

const lines = (item: HTMLElement) => [...item.querySelectorAll('p')].map((p) => p.textContent);

describe("the store's customer displays", () => {
  it('lists them connected first, with who paired them, when, and when last seen', async () => {
    const calls = stubServer([
      display({ id: 'a', name: 'Old phone', lastSeenAt: null }),
      display({ id: 'b', name: 'Front tablet', connected: true }),
      display({ id: 'c', name: 'Back tablet', lastSeenAt: '2026-12-05T11:30:00.000Z' }),
    ]);
    renderList();
    const list = await screen.findByRole('list', { name: 'This store’s displays' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['Front tablet', 'Back tablet', 'Old phone']);
    expect(within(items[0]!).getByText('Connected')).toBeTruthy();
    expect(within(items[1]!).getByText('Not connected')).toBeTruthy();
    expect(lines(items[1]!)).toEqual([
      'Back tablet',
      'Last seen at 2026-12-05T11:30',
      'Paired by Olive Owner · at 2026-12-01T01:00',
    ]);
    expect(within(items[2]!).getByText('Not connected yet')).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'GET', store: 'corner' });
    expect(calls[0]!.url).toMatch(/\/api\/secure\/display\/pair$/);
  });

  it('says when there are none', async () => {
    stubServer([]);
    renderList();
    expect(await screen.findByText('No displays paired yet.')).toBeTruthy();
  });

  it('revokes one after asking, and takes it off the list', async () => {
    const calls = stubServer([display({ id: 'x/1' })]);
    const onRevoked = renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Tablet by the till' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this display?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.getByText('No displays paired yet.')).toBeTruthy());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: expect.stringMatching(/\/api\/secure\/display\/pair\/x%2F1$/), store: 'corner' },
    ]);
    expect(onRevoked).toHaveBeenCalledWith('x/1');
  });

  it('keeps the question open and says why when the revoke fails', async () => {
    stubServer([display({})], 404);
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Tablet by the till' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this display?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(dialog).findByText(/The display could not be revoked/)).toBeTruthy();
  });

  it('reads in Japanese', async () => {
    await applyLocale('ja-JP');
    stubServer([display({ connected: true })]);
    renderList();
    expect(await screen.findByText('接続中')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tablet by the tillを解除' })).toBeTruthy();
  });

  it('orders by connection, then by the latest sign of life', () => {
    const ids = inOrder([
      display({ id: '1', lastSeenAt: null, createdAt: '2026-12-05T00:00:00.000Z' }),
      display({ id: '2', lastSeenAt: '2026-12-04T00:00:00.000Z' }),
      display({ id: '3', connected: true, lastSeenAt: '2026-12-01T00:00:00.000Z' }),
    ]).map((d) => d.id);
    expect(ids).toEqual(['3', '1', '2']);
  });
});
