import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AuditPerson, PaymentMethod } from '@shopdesk/shared';
import '../../../lib/i18n.ts'; // the English texts, as in the app
import { MemoryRouter } from '../../../lib/router/index.ts';
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { useTill } from '../../../lib/till/till-state.ts';
import { todayIn } from '../model/month.ts';
import { SalesFilters } from './sales-filters.tsx';
import { useListState } from './use-list-state.ts';

beforeAll(() => {
  stubLayoutApis();
  // jsdom has no scrolling; a select's open list scrolls its chosen option into view.
  Element.prototype.scrollIntoView ??= () => {};
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useTill.getState().forget();
});

const CASS = '11111111-1111-4111-8111-111111111111';
const MONA = '22222222-2222-4222-8222-222222222222';

const method = (id: string, name: string | null, defaultName: PaymentMethod['defaultName']): PaymentMethod => ({
  id,
  name,
  defaultName,
  kind: defaultName === 'CASH' ? 'CASH' : 'VOUCHER',
  needsReference: false,
  opensDrawer: false,
  enabled: true,
  position: 0,
});
const methods = [method('CASH', null, 'CASH'), method('v0uch3r', 'Gift voucher', null)];
const people: AuditPerson[] = [
  { userId: CASS, name: 'Cass Cashier' },
  { userId: MONA, name: 'Mona Manager' },
];

/** The server: the store's payment methods and people; every path asked is kept. */
function stubServer() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      asked.push(url);
      const body = url.includes('/payment-methods') ? methods : url.includes('/audit/people') ? people : [];
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

/** The filters over the list's address, which the test reads back. */
function Filters({ byMember }: { byMember: boolean }) {
  const list = useListState();
  return (
    <>
      <SalesFilters store="corner" list={list} phone={false} byMember={byMember} />
      <output data-testid="address">{list.search}</output>
      <output data-testid="state">{JSON.stringify({ method: list.state.method, member: list.state.member })}</output>
      <output data-testid="range">{JSON.stringify(list.state.range)}</output>
    </>
  );
}

function renderFilters(address: string, byMember = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <MemoryRouter initialEntries={[address]}>
          <Filters byMember={byMember} />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');

async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the sales list filters by member and payment method', () => {
  it("offers the store's methods and people and keeps the choice in the address", async () => {
    const asked = stubServer();
    renderFilters('/corner/shop/list?month=2026-12');
    await choose('Payment method', 'Gift voucher');
    await waitFor(() => expect(address().get('method')).toBe('v0uch3r'));
    await choose('Member', 'Mona Manager');
    await waitFor(() => expect(address().get('member')).toBe(MONA));
    expect(address().get('month')).toBe('2026-12');
    expect(asked.some((u) => u.includes('/virtual-store/corner/payment-methods'))).toBe(true);
    expect(asked.some((u) => u.includes('/virtual-store/corner/audit/people'))).toBe(true);
    await choose('Member', 'Everyone');
    await waitFor(() => expect(address().has('member')).toBe(false));
    expect(address().get('method')).toBe('v0uch3r');
  });

  it('reads the filters back from a shared link and shows them chosen', async () => {
    stubServer();
    renderFilters(`/corner/shop/list?method=v0uch3r&member=${CASS}`);
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Payment method' }) as HTMLInputElement).value).toBe('Gift voucher'),
    );
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Member' }) as HTMLInputElement).value).toBe('Cass Cashier'),
    );
  });

  it('leaves out what the server would refuse, and offers no member filter without REPORTS', async () => {
    const asked = stubServer();
    renderFilters('/corner/shop/list?method=not%20an%20id&member=someone', false);
    expect(JSON.parse(screen.getByTestId('state').textContent ?? '{}')).toEqual({});
    expect(screen.queryByRole('combobox', { name: 'Member' })).toBeNull();
    await waitFor(() => expect(asked.some((u) => u.includes('/payment-methods'))).toBe(true));
    expect(asked.some((u) => u.includes('/audit/people'))).toBe(false);
  });
});

describe('the sales list on a till', () => {
  it('lists by dates only, today by default: a till lists no month', () => {
    stubServer();
    useTill.getState().become({ store: 'corner', tillId: 'till-1', tillName: 'Till 1', tillToken: 'till-token' });
    renderFilters('/corner/shop/list', false);
    expect(screen.queryByRole('radiogroup', { name: 'Period' })).toBeNull();
    expect(screen.queryByText('By month')).toBeNull();
    const today = todayIn(undefined);
    expect(JSON.parse(screen.getByTestId('range').textContent ?? '{}')).toEqual({ from: today, to: today });
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe(today);
  });
});
