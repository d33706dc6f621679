import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ExceptionRow, ExceptionsReport } from '@shopdesk/shared';
import { applyLocale } from '../../../lib/i18n.ts';
import { MemoryRouter } from '../../../lib/router/index.ts';
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { ExceptionsList } from '../components/exceptions-list.tsx';
import { ExceptionMemberTotals, ExceptionTillTotals } from '../components/exceptions-totals.tsx';
import { useReportFormat } from '../components/use-report-format.ts';
import ExceptionsPage from './exceptions-page.tsx';

beforeAll(stubLayoutApis);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await applyLocale('en-US');
});

const row = (r: Partial<ExceptionRow>): ExceptionRow => ({
  kind: 'OVERRIDE',
  at: '2026-12-05T10:00:00.000Z',
  userId: 'c',
  userName: 'Cass Cashier',
  approvedBy: 'm',
  approvedByName: 'Mona Manager',
  approvalMode: null,
  tillId: null,
  tillName: null,
  amount: 700,
  cataloguePrice: null,
  saleCode: 'AB12CD34EF56',
  detail: 'Sencha',
  points: null,
  ...r,
});

const zero = (kind: ExceptionRow['kind']) => ({ kind, count: 0, amount: 0 });
const report = (ownOnly: boolean): ExceptionsReport => ({
  from: '2026-12-05',
  to: '2026-12-05',
  ownOnly,
  totals: [
    { kind: 'OVERRIDE', count: 1, amount: 700 },
    { kind: 'DISCOUNT', count: 1, amount: 100 },
    zero('APPROVAL'),
    { kind: 'REFUND', count: 1, amount: 600 },
    { kind: 'VOID', count: 1, amount: 2000 },
    zero('NO_SALE'),
    zero('CASH_MOVE'),
    zero('POINTS_REDEEM'),
    zero('POINTS_ADJUST'),
    zero('POINTS_OVERDRAWN'),
  ],
  members: [
    {
      userId: 'c',
      name: 'Cass Cashier',
      kinds: [
        { kind: 'OVERRIDE', count: 1, amount: 700 },
        { kind: 'DISCOUNT', count: 1, amount: 100 },
        { kind: 'REFUND', count: 1, amount: 600 },
        { kind: 'VOID', count: 1, amount: 2000 },
      ],
      approvalsGiven: 0,
    },
    { userId: 'm', name: 'Mona Manager', kinds: [], approvalsGiven: 3 },
  ],
  tills: [],
  rows: [
    row({ kind: 'VOID', amount: 2000, detail: 'Sencha, Sencha', saleCode: 'VOIDED000001' }),
    row({ kind: 'REFUND', amount: 600, approvedBy: 'o', approvedByName: 'Olive Owner' }),
    row({ kind: 'DISCOUNT', amount: 100 }),
    row({ kind: 'OVERRIDE', cataloguePrice: 1000 }),
  ],
  truncated: false,
});

/** Four rows: two on the front till (one approved offline), one on the back till, one from a person's session. */
const tillReport = (): ExceptionsReport => ({
  ...report(false),
  totals: [
    { kind: 'OVERRIDE', count: 1, amount: 700 },
    { kind: 'DISCOUNT', count: 1, amount: 100 },
    zero('APPROVAL'),
    { kind: 'REFUND', count: 1, amount: 600 },
    zero('VOID'),
    { kind: 'NO_SALE', count: 1, amount: 0 },
    zero('CASH_MOVE'),
    zero('POINTS_REDEEM'),
    zero('POINTS_ADJUST'),
    zero('POINTS_OVERDRAWN'),
  ],
  tills: [
    { tillId: 't1', name: 'Front till', count: 2 },
    { tillId: 't2', name: 'Back till', count: 1 },
  ],
  rows: [
    row({ kind: 'OVERRIDE', approvalMode: 'OFFLINE', tillId: 't1', tillName: 'Front till' }),
    row({
      kind: 'REFUND',
      amount: 600,
      approvedBy: 'o',
      approvedByName: 'Olive Owner',
      approvalMode: 'ONLINE',
      tillId: 't2',
      tillName: 'Back till',
    }),
    row({ kind: 'DISCOUNT', amount: 100, approvedBy: null, approvedByName: null }),
    row({
      kind: 'NO_SALE',
      amount: null,
      approvedBy: null,
      approvedByName: null,
      tillId: 't1',
      tillName: 'Front till',
    }),
  ],
});

/** The server: the report asked for, and the period it was asked for. */
function stubServer(body: ExceptionsReport) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <MemoryRouter>
          <ExceptionsPage />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

const cellsOf = (tr: HTMLElement) =>
  within(tr)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('the exceptions report page', () => {
  it("asks for today's report and shows totals per kind, per member and each row with its sale", async () => {
    const asked = stubServer(report(false));
    renderPage();
    const rows = await screen.findAllByTestId('exception-row');
    expect(asked[0]).toMatch(/\/api\/secure\/report\/exceptions\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
    expect(screen.queryByTestId('exceptions-own-only')).toBeNull();
    expect(screen.getByTestId('exception-total-VOID').textContent).toBe('Voided held cart1$20.00');
    // An override's prices do not add up to money: its count alone.
    expect(screen.getByTestId('exception-total-OVERRIDE').textContent).toBe('Price override1');
    const [cass, mona] = screen.getAllByTestId('exception-member');
    expect(cellsOf(cass!)).toEqual([
      'Cass Cashier',
      '1',
      '1',
      '0',
      '1',
      '1',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
    ]);
    expect(cellsOf(mona!)).toEqual(['Mona Manager', ...Array<string>(13).fill('0'), '3']);
    const override = cellsOf(rows[3]!);
    expect(override.slice(1)).toEqual([
      'Price override',
      'Cass Cashier',
      '',
      'Mona Manager',
      '$7.00',
      '$10.00',
      '',
      'AB12CD34EF56',
      'Sencha',
    ]);
    expect(within(rows[3]!).getByRole('link', { name: 'AB12CD34EF56' }).getAttribute('href')).toMatch(
      /shop\/list\/AB12CD34EF56$/,
    );
    // A voided held cart is gone: its code is shown, not linked.
    expect(within(rows[0]!).queryByRole('link')).toBeNull();
    expect(within(rows[0]!).getByText('VOIDED000001')).toBeTruthy();
    // No row was made on a till: no per-till totals.
    expect(screen.queryByRole('heading', { name: 'By till' })).toBeNull();
  });

  it('names the till of each row, how it was approved, and counts the rows per till', async () => {
    stubServer(tillReport());
    renderPage();
    const rows = await screen.findAllByTestId('exception-row');
    expect(cellsOf(rows[0]!).slice(2, 5)).toEqual(['Cass Cashier', 'Front till', 'Mona ManagerOffline approval']);
    expect(cellsOf(rows[1]!).slice(2, 5)).toEqual(['Cass Cashier', 'Back till', 'Olive OwnerOnline approval']);
    // Made from a person's own session: no till, and approved by nobody else.
    expect(cellsOf(rows[2]!).slice(2, 5)).toEqual(['Cass Cashier', '', '']);
    expect(screen.getByRole('heading', { name: 'By till' })).toBeTruthy();
    expect(screen.getAllByTestId('exception-till').map((c) => c.textContent)).toEqual(['Front till2', 'Back till1']);
    expect(screen.getByTestId('exception-not-on-till').textContent).toBe('Not on a till1');
  });

  it('tells a member without REPORTS that the rows are their own', async () => {
    stubServer(report(true));
    renderPage();
    expect((await screen.findByTestId('exceptions-own-only')).textContent).toBe(
      'You see only your own exceptions. Seeing every member’s needs the “Reports” permission.',
    );
  });
});

function PhoneReport() {
  const format = useReportFormat('JPY');
  const data = report(false);
  return (
    <>
      <ExceptionMemberTotals members={data.members} format={format} layout="cards" />
      <ExceptionsList
        store="s"
        rows={data.rows.slice(3)}
        format={format}
        dateTime={() => '12/5 19:00'}
        layout="cards"
      />
    </>
  );
}

function PhoneTills() {
  const format = useReportFormat('JPY');
  const data = tillReport();
  return (
    <>
      <ExceptionTillTotals tills={data.tills} notOnTill={1} format={format} />
      <ExceptionsList
        store="s"
        rows={data.rows.slice(0, 3)}
        format={format}
        dateTime={() => '12/5 19:00'}
        layout="cards"
      />
    </>
  );
}

describe('the exceptions report on a phone, in Japanese', () => {
  it('stacks cards per member and per row, with the catalogue price beside the price sold', async () => {
    await applyLocale('ja-JP');
    render(
      <MantineProvider env="test">
        <MemoryRouter>
          <PhoneReport />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const [cass, mona] = screen.getAllByTestId('exception-member');
    expect(within(cass!).getByText('価格変更 1 · 値引き 1 · 返金 1 · 保留カートの取消 1')).toBeTruthy();
    expect(within(mona!).getByText('承認した件数 3')).toBeTruthy();
    const card = screen.getByTestId('exception-row');
    expect(within(card).getByText('価格変更')).toBeTruthy();
    expect(within(card).getByText('￥700')).toBeTruthy();
    expect(within(card).getByText('登録価格 ￥1,000')).toBeTruthy();
    expect(within(card).getByText('12/5 19:00 · Cass Cashier · 承認：Mona Manager')).toBeTruthy();
  });

  it("says on a row's card which till made it and how it was approved, and counts per till", async () => {
    await applyLocale('ja-JP');
    render(
      <MantineProvider env="test">
        <MemoryRouter>
          <PhoneTills />
        </MemoryRouter>
      </MantineProvider>,
    );
    const [offline, online, own] = screen.getAllByTestId('exception-row');
    expect(
      within(offline!).getByText('12/5 19:00 · Cass Cashier · レジ端末：Front till · 承認：Mona Manager（オフライン）'),
    ).toBeTruthy();
    expect(
      within(online!).getByText('12/5 19:00 · Cass Cashier · レジ端末：Back till · 承認：Olive Owner（オンライン）'),
    ).toBeTruthy();
    expect(within(own!).getByText('12/5 19:00 · Cass Cashier')).toBeTruthy();
    expect(screen.getAllByTestId('exception-till').map((c) => c.textContent)).toEqual(['Front till2', 'Back till1']);
    expect(screen.getByTestId('exception-not-on-till').textContent).toBe('レジ端末以外1');
  });
});
