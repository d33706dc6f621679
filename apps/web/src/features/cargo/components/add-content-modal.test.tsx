import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import '../../../lib/i18n.ts'; // the English texts, as in the app
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { AddContentModal, type NewLine } from './add-content-modal.tsx';

beforeAll(stubLayoutApis);
afterEach(cleanup);

function open(onAdd = vi.fn(async (_line: NewLine) => {})) {
  render(
    <MantineProvider env="test">
      <AddContentModal code="2000000000015" currency="USD" onAdd={onAdd} onClose={() => {}} />
    </MantineProvider>,
  );
  return onAdd;
}

describe('a new item received in a cargo', () => {
  it('is added in pieces by default', async () => {
    const onAdd = open();
    fireEvent.change(screen.getByLabelText(/Product name/), { target: { value: 'Rice crackers' } });
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to cargo' }));
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    expect(onAdd.mock.calls[0]![0]).toEqual({
      code: '2000000000015',
      name: 'Rice crackers',
      brand: '',
      price: 0,
      quantity: 3,
    });
  });

  it('is added by weight: typed in kg, sent as thousandths with its unit, priced per kg', async () => {
    const onAdd = open();
    fireEvent.change(screen.getByLabelText(/Product name/), { target: { value: 'Loose rice' } });
    fireEvent.change(screen.getByLabelText('Sold by'), { target: { value: 'KG' } });
    expect(screen.getByLabelText('Price per kg')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Price per kg'), { target: { value: '4.80' } });
    fireEvent.change(screen.getByLabelText('Quantity (kg)'), { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to cargo' }));
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    expect(onAdd.mock.calls[0]![0]).toEqual({
      code: '2000000000015',
      name: 'Loose rice',
      brand: '',
      price: 480,
      quantity: 12_500,
      unit: 'KG',
    });
  });
});
