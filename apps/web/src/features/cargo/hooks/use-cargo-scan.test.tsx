import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { barcodeRulePreset, encodeWithRule, scanWithRules, type CargoContent } from '@shopdesk/shared';
import '../../../lib/i18n.ts';
import { barcodeRulesKey } from '../../../lib/barcode-rules-query.ts';
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { useSession } from '../../../lib/session-store.ts';
import { CountRow } from '../components/count-row.tsx';
import { useCargoScan } from './use-cargo-scan.ts';

const toasts = vi.hoisted(() => ({ notifications: { show: vi.fn() } }));
vi.mock('../../../lib/notifications.ts', () => toasts);

const STORE = 'deli';
const rules = barcodeRulePreset('ODOO');
const weight = encodeWithRule(rules[0]!, '12345', 350); // 0.350 kg of item 12345
const count = encodeWithRule(rules[0]!, '12345', 0);
const base = scanWithRules(weight, rules)!;
if (!base.ok) throw new Error('the label must read');
const cheese = { code: base.baseCode, name: 'Comté', quantity: 0, unit: 'KG', price: 1980, brand: '' };

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

let qc: QueryClient;
beforeAll(stubLayoutApis);
beforeEach(() => {
  useSession.getState().login('jwt', { userId: 'counter' } as never);
  qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/api/secure/barcode-rules'))
        return json({ rules: rules.map((r, i) => ({ id: `r${i}`, ...r })) });
      const code = /\/product\/lookup\/(\d+)/.exec(url)?.[1];
      return json({ product: code === cheese.code ? cheese : null });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

async function mountHook() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useCargoScan(STORE), { wrapper });
  await waitFor(() => expect(qc.getQueryData(barcodeRulesKey(STORE))).toBeTruthy());
  return hook;
}

describe('useCargoScan', () => {
  it('reads a weight label as its product’s thousandths, as the stock-take does', async () => {
    const { result } = await mountHook();
    const read = await result.current.read(weight);
    expect(read).toMatchObject({
      kind: 'label',
      product: { code: cheese.code, name: 'Comté' },
      unit: 'KG',
      amount: 350,
    });
    expect(toasts.notifications.show).not.toHaveBeenCalled();
  });

  it('refuses a zero weight and a bad check digit with the stock-take’s words, and answers null', async () => {
    const { result } = await mountHook();
    expect(await result.current.read(count)).toBeNull();
    expect(toasts.notifications.show).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: 'Label not counted', message: 'The label says nothing was weighed.' }),
    );
    const bad = weight.slice(0, 12) + String((Number(weight[12]) + 1) % 10);
    expect(await result.current.read(bad)).toBeNull();
    expect(toasts.notifications.show).toHaveBeenLastCalledWith(
      expect.objectContaining({ color: 'red', message: expect.stringContaining(`The check digit of ${bad} is wrong`) }),
    );
  });

  it('leaves a plain code to the screen, and asks for a weighed product’s weight', async () => {
    const { result } = await mountHook();
    expect(await result.current.read('4901234567894')).toEqual({ kind: 'plain', code: '4901234567894' });
    const typed = vi.fn();
    act(() => result.current.askWeight(cheese, typed));
    expect(result.current.weigh).toEqual({ code: cheese.code, name: 'Comté', unit: 'KG' });
    act(() => result.current.addWeight(420));
    expect(typed).toHaveBeenCalledWith(420);
    expect(result.current.weigh).toBeNull();
  });
});

describe('CountRow of a weighed line', () => {
  it('shows the sent and counted quantities in kg and takes the count typed, without − and +', () => {
    const line: CargoContent = {
      contentId: 'c1',
      cargoId: 'k1',
      code: cheese.code,
      name: 'Comté',
      brand: '',
      quantity: 1000,
      receivedQuantity: 350,
      price: 1980,
      priceConverted: false,
      productId: 'p1',
      unit: 'KG',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const onSet = vi.fn();
    render(
      <MantineProvider env="test">
        <ul>
          <CountRow line={line} count={350} sent={1000} highlighted={false} onStep={vi.fn()} onSet={onSet} />
        </ul>
      </MantineProvider>,
    );
    expect(screen.getByText('Sent: 1.000 kg · 0.650 kg short')).toBeTruthy();
    const input = screen.getByLabelText<HTMLInputElement>('Received quantity of Comté');
    expect(input.value).toBe('0.350');
    expect(screen.queryByRole('button', { name: 'Add one Comté' })).toBeNull();
  });
});
