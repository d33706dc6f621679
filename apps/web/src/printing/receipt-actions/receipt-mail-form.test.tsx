import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import '../../lib/i18n.ts'; // the English texts, as in the app
import { ApiRequestError, NetworkError } from '../../lib/api-error.ts';
import { stubLayoutApis } from '../../lib/jsdom-stubs.test-support.ts';
import { ReceiptMailForm } from './receipt-mail-form.tsx';

const api = vi.hoisted(() => ({ receiptMailTarget: vi.fn(), mailReceipt: vi.fn() }));
vi.mock('./receipt-mail-api.ts', () => api);
const connection = vi.hoisted(() => ({ online: true }));
vi.mock('../../lib/connectivity.ts', () => ({ useOnline: () => connection.online }));

beforeAll(stubLayoutApis);
beforeEach(() => {
  connection.online = true;
  api.mailReceipt.mockResolvedValue({ sent: true });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const CODE = 'ABCDEFGHJKMN';

function renderForm() {
  const onClose = vi.fn();
  render(
    <MantineProvider env="test">
      <ReceiptMailForm code={CODE} onClose={onClose} />
    </MantineProvider>,
  );
  return { onClose };
}

const address = () => screen.getByLabelText(/Customer's email/) as HTMLInputElement;
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }));

describe('the receipt mail form', () => {
  it("prefills the customer's address, offers to keep it, and sends the chosen language", async () => {
    api.receiptMailTarget.mockResolvedValue({ hasCustomer: true, email: 'hana@example.com' });
    renderForm();
    await waitFor(() => expect(address().value).toBe('hana@example.com'));
    fireEvent.click(screen.getByLabelText("Keep this address on the customer's record"));
    fireEvent.click(screen.getByText('日本語'));
    send();
    expect(await screen.findByText('The receipt was sent to hana@example.com.')).toBeTruthy();
    expect(api.mailReceipt).toHaveBeenCalledWith(CODE, {
      email: 'hana@example.com',
      locale: 'ja-JP',
      keepAddress: true,
    });
  });

  it("has no keep box for a sale without a customer, and leaves the language to the store's", async () => {
    api.receiptMailTarget.mockResolvedValue({ hasCustomer: false, email: '' });
    renderForm();
    await waitFor(() => expect(api.receiptMailTarget).toHaveBeenCalled());
    expect(screen.queryByLabelText("Keep this address on the customer's record")).toBeNull();
    fireEvent.change(address(), { target: { value: ' walk-in@example.com ' } });
    send();
    await screen.findByText('The receipt was sent to walk-in@example.com.');
    expect(api.mailReceipt).toHaveBeenCalledWith(CODE, { email: 'walk-in@example.com' });
  });

  it('names a mistyped address without calling the server', async () => {
    api.receiptMailTarget.mockResolvedValue({ hasCustomer: false, email: '' });
    renderForm();
    fireEvent.change(address(), { target: { value: 'hana@' } });
    send();
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(api.mailReceipt).not.toHaveBeenCalled();
  });

  it("shows the server's sentence for a limit (429)", async () => {
    api.receiptMailTarget.mockResolvedValue({ hasCustomer: false, email: '' });
    const message =
      'Too many receipts were mailed to this address recently. Please wait a while, or print the receipt.';
    api.mailReceipt.mockRejectedValue(
      new ApiRequestError(429, 'Too Many Requests', { message, code: 'RATE_LIMITED' }, '600'),
    );
    renderForm();
    fireEvent.change(address(), { target: { value: 'hana@example.com' } });
    send();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The receipt was not sent');
    expect(alert.textContent).toContain(message);
    expect(screen.queryByText(/was sent to/)).toBeNull();
  });

  it('says mail needs a connection: offline it does not send, and a dropped call says the same', async () => {
    api.receiptMailTarget.mockResolvedValue({ hasCustomer: false, email: '' });
    connection.online = false;
    renderForm();
    expect(screen.getByRole('status').textContent).toMatch(/Mail needs a connection/);
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
    cleanup();

    connection.online = true;
    api.mailReceipt.mockRejectedValue(new NetworkError(new TypeError('fetch failed')));
    renderForm();
    fireEvent.change(address(), { target: { value: 'hana@example.com' } });
    send();
    expect((await screen.findByRole('alert')).textContent).toMatch(/Mail needs a connection/);
  });
});
