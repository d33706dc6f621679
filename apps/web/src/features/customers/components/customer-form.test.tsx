import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { CreateCustomerBody, Customer } from '@shopdesk/shared';
import '../../../lib/i18n.ts'; // the English texts, as in the app
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { CustomerForm } from './customer-form.tsx';

beforeAll(stubLayoutApis);
afterEach(cleanup);

function renderForm(customer?: Customer) {
  const onSubmit = vi.fn(async (_body: CreateCustomerBody) => undefined);
  render(
    <MantineProvider env="test">
      <CustomerForm customer={customer} onSubmit={onSubmit} onCancel={() => {}} />
    </MantineProvider>,
  );
  return onSubmit;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

describe('customer form', () => {
  it('asks for a name or a phone, and saves a walk-in known only by phone', async () => {
    const onSubmit = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add customer' }));
    expect(await screen.findByText('Give a name or a phone number')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    type('Phone', '090-1234-5678');
    fireEvent.click(screen.getByRole('button', { name: 'Add customer' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const body = onSubmit.mock.calls[0]![0];
    expect(body).toMatchObject({ name: '', phone: '090-1234-5678', email: '', marketingConsent: false });
    // A clientId made once for this form: pressing save again after a lost answer sends the same.
    expect(body.clientId).toMatch(/^[0-9a-f-]{36}$/);
    fireEvent.click(screen.getByRole('button', { name: 'Add customer' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]![0].clientId).toBe(body.clientId);
  });

  it('refuses an email that is not one, in the schema’s words', async () => {
    const onSubmit = renderForm();
    type('Name', '山田 太郎');
    type('Email', 'taro@');
    fireEvent.click(screen.getByRole('button', { name: 'Add customer' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('edits without a clientId', async () => {
    const onSubmit = renderForm({
      id: 'c1',
      code: 'M0123456789',
      name: 'Jane Smith',
      nameKana: '',
      phone: '',
      email: '',
      note: '',
      marketingConsent: true,
      pointsBalance: 0,
      visits: 0,
      totalSpent: 0,
      lastVisitAt: null,
      createdAt: '2026-12-05T00:00:00Z',
    });
    type('Note', 'Likes green tea');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      name: 'Jane Smith',
      nameKana: '',
      phone: '',
      email: '',
      note: 'Likes green tea',
      marketingConsent: true,
    });
  });
});
