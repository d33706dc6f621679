import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { barcodeRulePreset, encodeWithRule, scanWithRules } from '@shopdesk/shared';
import '../../../lib/i18n.ts'; // the English texts, as in the app
import { useSession } from '../../../lib/session-store.ts';
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { StockTakePanel } from '../components/stock-take-panel.tsx';
import { tallyStorageKey } from './tally.ts';
import { useStockTakeScan } from './use-stock-take-scan.ts';
import { useTally } from './use-tally.ts';
import { barcodeRulesKey } from '../../../lib/barcode-rules-query.ts';
import { WeighEntryModal } from '../../../components/weigh-entry-modal.tsx';
import { fireEvent } from '@testing-library/react';

const toasts = vi.hoisted(() => ({ notifications: { show: vi.fn() } }));
vi.mock('../../../lib/notifications.ts', () => toasts);

const STORE = 'deli';
// Odoo's rules: 21 + 5 item digits + a weight in grams (3 decimals of a kilogram); 23 a price.
const rules = barcodeRulePreset('ODOO');
const weight = encodeWithRule(rules[0]!, '12345', 342); // 0.342 kg of item 12345
const price = encodeWithRule(rules[1]!, '12345', 677);
const cheese = scanWithRules(weight, rules)!;
if (!cheese.ok) throw new Error('the label must read');
// The product's own barcode is the label with its weight zeroed.
const product = { code: cheese.baseCode, name: 'Comté', quantity: 1500, unit: 'KG', price: 3980 };
// A weighed product with an ordinary code (no rule claims it): a scan of it says no weight.
const carrots = { code: '4512345678906', name: 'Loose carrots', quantity: 0, unit: 'KG', price: 480 };

// Two variants of one item (issue 44): each is a product with its own barcode and stock.
const shirts = [
  {
    code: '2000000000015',
    name: 'T-shirt (M, Red)',
    quantity: 4,
    unit: 'EACH',
    price: 1500,
    itemId: 'shirt',
    optionValues: ['M', 'Red'],
  },
  {
    code: '2000000000022',
    name: 'T-shirt (L, Blue)',
    quantity: 1,
    unit: 'EACH',
    price: 1800,
    itemId: 'shirt',
    optionValues: ['L', 'Blue'],
  },
];

let scan: (code: string) => Promise<void> = async () => undefined;

function Harness() {
  const [tally, dispatch] = useTally(STORE);
  const counting = useStockTakeScan(STORE, dispatch);
  scan = counting.scan;
  return (
    <>
      <StockTakePanel store={STORE} tally={tally} dispatch={dispatch} />
      <WeighEntryModal request={counting.weigh} onAdd={counting.addWeight} onClose={counting.cancelWeigh} />
    </>
  );
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeAll(stubLayoutApis);
beforeEach(() => {
  localStorage.removeItem(tallyStorageKey(STORE));
  useSession.getState().login('jwt', { userId: 'stock-taker' } as never);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/api/secure/barcode-rules'))
        return json({ rules: rules.map((r, i) => ({ id: `r${i}`, ...r })) });
      const code = /\/product\/lookup\/(\d+)/.exec(url)?.[1];
      // Found by its own code, or by the label's item digits (its PLU), as the counter finds it.
      if (code === carrots.code) return json({ product: carrots });
      const variant = shirts.find((v) => v.code === code);
      if (variant) return json({ product: variant });
      return json({ product: code === product.code || code === '12345' ? product : null });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

async function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <Harness />
      </MantineProvider>
    </QueryClientProvider>,
  );
  // The store's rules are read before a label can be.
  await waitFor(() => expect(client.getQueryData(barcodeRulesKey(STORE))).toBeTruthy());
}

describe('stock-take scan of scale labels', () => {
  it('adds a weight label’s 0.342 kg to the weighed product’s row, in kg with 3 decimals', async () => {
    await mount();
    await act(() => scan(weight));
    const row = await screen.findByRole('listitem', { name: 'Comté' });
    const input = within(row).getByLabelText<HTMLInputElement>('Counted quantity of Comté');
    expect(input.value).toBe('0.342');
    expect(within(row).getByText('kg')).toBeTruthy();
    expect(within(row).getByText('1.500 kg on record')).toBeTruthy();
    // A second label adds its weight to the same row.
    await act(() => scan(encodeWithRule(rules[0]!, '12345', 1005)));
    await waitFor(() => expect(input.value).toBe('1.347'));
    expect(JSON.parse(localStorage.getItem(tallyStorageKey(STORE))!).entries).toEqual([
      { code: product.code, counted: 1347, measured: true },
    ]);
    expect(toasts.notifications.show).not.toHaveBeenCalled();
  });

  it('refuses a label with a wrong check digit, with the counter’s reason, and counts nothing', async () => {
    await mount();
    const bad = weight.slice(0, 12) + String((Number(weight[12]) + 1) % 10);
    await act(() => scan(bad));
    expect(toasts.notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({
        color: 'red',
        title: 'Label not counted',
        message: `The check digit of ${bad} is wrong: the label is misread or damaged. Scan it again or type the item.`,
      }),
    );
    expect(screen.getByText('Scan the first item to start counting.')).toBeTruthy();
  });

  it('says a weighed product’s price label cannot be counted (found by its item digits)', async () => {
    await mount();
    await act(() => scan(price));
    expect(toasts.notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({
        message: expect.stringContaining('Comté is sold by weight or measure: a price label'),
      }),
    );
    expect(screen.getByText('Scan the first item to start counting.')).toBeTruthy();
  });

  it('asks for the weight of a weighed product scanned by its plain code, and counts what is typed', async () => {
    await mount();
    await act(() => scan(carrots.code));
    const dialog = await screen.findByRole('dialog', { name: 'Loose carrots' });
    // Nothing is counted by the scan itself: neither 0.001 kg nor 1 kg.
    expect(screen.getByText('Scan the first item to start counting.')).toBeTruthy();
    expect(
      within(dialog).getByText('Sold by weight: its code alone says no amount. Weigh it and type the weight in kg.'),
    ).toBeTruthy();
    const field = within(dialog).getByLabelText('Amount counted (kg)');
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText(/Type an amount above 0 in kg/)).toBeTruthy();
    fireEvent.change(field, { target: { value: '0.35' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    const row = await screen.findByRole('listitem', { name: 'Loose carrots' });
    expect(within(row).getByLabelText<HTMLInputElement>('Counted quantity of Loose carrots').value).toBe('0.350');
    expect(JSON.parse(localStorage.getItem(tallyStorageKey(STORE))!).entries).toEqual([
      { code: carrots.code, counted: 350, measured: true },
    ]);
  });

  it('still counts an ordinary code one by one', async () => {
    await mount();
    await act(() => scan('4901234567894'));
    await act(() => scan('4901234567894'));
    const row = await screen.findByRole('listitem', { name: /4901234567894|Unknown/ });
    expect(within(row).getByLabelText<HTMLInputElement>(/Counted quantity/).value).toBe('2');
  });
});

describe('stock-take scan of variants', () => {
  it("counts each variant by its own barcode, on its own row under its variant's name", async () => {
    await mount();
    await act(() => scan(shirts[0]!.code));
    await act(() => scan(shirts[1]!.code));
    await act(() => scan(shirts[0]!.code));
    const medium = await screen.findByRole('listitem', { name: 'T-shirt (M, Red)' });
    const large = await screen.findByRole('listitem', { name: 'T-shirt (L, Blue)' });
    expect(within(medium).getByLabelText<HTMLInputElement>('Counted quantity of T-shirt (M, Red)').value).toBe('2');
    expect(within(large).getByLabelText<HTMLInputElement>('Counted quantity of T-shirt (L, Blue)').value).toBe('1');
    expect(within(medium).getByText('4 on record')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(tallyStorageKey(STORE))!).entries).toEqual([
      { code: shirts[0]!.code, counted: 2 },
      { code: shirts[1]!.code, counted: 1 },
    ]);
  });
});
