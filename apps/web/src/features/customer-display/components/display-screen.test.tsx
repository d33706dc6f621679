import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { DisplayState } from '@shopdesk/shared';
import '../../../lib/i18n.ts'; // the English texts, as in the app
import { applyLocale } from '../../../lib/i18n.ts';
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { DisplayScreen } from './display-screen.tsx';
import { initialView, type DisplayView } from '../lib/display-view.ts';
import { saleState, testStore } from '../lib/display-test-states.test-support.ts';

beforeAll(stubLayoutApis);
beforeEach(async () => {
  localStorage.clear();
  await applyLocale('en-US');
});
afterEach(cleanup);

const view = (state: DisplayState | null, over: Partial<DisplayView> = {}): DisplayView => ({
  ...initialView,
  store: testStore,
  state,
  connection: 'live',
  ...over,
});
// Intl writes no-break spaces and the yen sign as the currency's locale has it.
const text = (el: HTMLElement) => el.textContent!.replace(/\s/g, ' ');

describe('the customer display', () => {
  it('shows the store big when idle, and nothing of a sale', () => {
    render(<DisplayScreen view={view(null)} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Corner Shop' })).toBeTruthy();
    expect(screen.queryByTestId('display-total')).toBeNull();
  });

  it('shows the lines with quantity, unit and discount, taxes included per rate, and both currencies', () => {
    render(<DisplayScreen view={view(saleState())} />);
    const lines = screen.getAllByRole('listitem');
    expect(lines.map(text)).toEqual([
      expect.stringMatching(/Green tea.*￥500.*2 × ￥250/),
      expect.stringMatching(/Rice.*￥800.*1\.500 kg × ￥600.*Discount −￥100/),
    ]);
    expect(screen.getByText('3 items')).toBeTruthy();
    expect(text(screen.getByText('incl. tax 8%').parentElement!)).toMatch(/incl\. tax 8%￥59$/);
    expect(text(screen.getByText('incl. tax 10%').parentElement!)).toMatch(/￥43$/);
    expect(text(screen.getByText('Discount').parentElement!)).toMatch(/−￥50$/);
    expect(text(screen.getByText('Points').parentElement!)).toMatch(/−￥20$/);
    const total = screen.getByTestId('display-total');
    expect(text(total)).toMatch(/^Total￥1,230≈ \$8\.20$/);
  });

  it('adds taxes when prices are without them, and shows none without taxes', () => {
    const { unmount } = render(<DisplayScreen view={view(saleState({ taxMode: 'EXCLUSIVE' }))} />);
    expect(text(screen.getByText('Tax 10%').parentElement!)).toMatch(/\+￥43$/);
    unmount();
    render(<DisplayScreen view={view(saleState({ taxMode: 'NONE' }))} />);
    expect(screen.queryByText(/tax/i)).toBeNull();
  });

  it('shows the total to pay and what was tendered at payment', () => {
    const payment = { tendered: [{ label: 'Cash', currency: 'JPY' as const, amount: 2000 }], change: null };
    render(<DisplayScreen view={view(saleState({ phase: 'payment', payment }))} />);
    expect(text(screen.getByTestId('display-total'))).toMatch(/^To pay￥1,230/);
    expect(text(screen.getByText('Tendered · Cash').parentElement!)).toMatch(/￥2,000$/);
  });

  it('thanks, shows the change big, the receipt QR and the mail form on a paired display', async () => {
    const paid = saleState({
      phase: 'paid',
      payment: {
        tendered: [{ label: 'Cash', currency: 'JPY', amount: 2000 }],
        change: { currency: 'JPY', amount: 770 },
      },
      receipt: { code: '0123456789AB' },
    });
    render(<DisplayScreen view={view(paid)} mailToken={'t'.repeat(43)} />);
    expect(screen.getByRole('heading', { name: 'Thank you!' })).toBeTruthy();
    expect(text(screen.getByTestId('display-change'))).toMatch(/^Change￥770$/);
    const qr = await screen.findByRole('img', { name: 'QR code of your receipt' });
    expect(decodeURIComponent(qr.getAttribute('src')!)).toMatch(/^data:image\/svg\+xml;charset=utf-8,<svg/);
    const form = screen.getByRole('heading', { name: 'Get the receipt by mail' }).closest('form')!;
    expect(within(form).getByLabelText('Email address')).toBeTruthy();
    // No customer on the sale: nothing to keep the address on.
    expect(within(form).queryByLabelText('Keep my address for next time')).toBeNull();
  });

  it('offers no mail form on a second window (the cashier mails from the counter), nor without a receipt', () => {
    const paid = saleState({ phase: 'paid', receipt: { code: '0123456789AB' } });
    const { unmount } = render(<DisplayScreen view={view(paid)} />);
    expect(screen.queryByRole('textbox')).toBeNull();
    unmount();
    render(<DisplayScreen view={view({ ...paid, receipt: null })} mailToken={'t'.repeat(43)} />);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('says calmly that it waits for the counter, and what to do once unpaired', () => {
    const { unmount } = render(<DisplayScreen view={view(saleState(), { connection: 'waiting' })} />);
    expect(screen.getByRole('status').textContent).toMatch(/Waiting for the counter…/);
    expect(screen.getByTestId('display-total')).toBeTruthy(); // the last state stays
    unmount();
    render(<DisplayScreen view={view(saleState(), { unpaired: true })} />);
    expect(screen.getByRole('heading', { name: 'This display was unpaired' })).toBeTruthy();
    expect(screen.queryByTestId('display-total')).toBeNull();
  });

  it("speaks the customer's language when the counter knows it, and the toggle's choice over it", async () => {
    render(<DisplayScreen view={view(saleState({ customerLocale: 'ja-JP' }))} />);
    expect(await screen.findByText('合計')).toBeTruthy();
    screen.getByRole('button', { name: 'English' }).click();
    expect(await screen.findByText('Total')).toBeTruthy();
    expect(localStorage.getItem('shopdesk-display-locale')).toBe('en-US');
  });
});
