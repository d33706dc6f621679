import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import '../../../lib/i18n.ts'; // the English texts, as in the app
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import type { CartLine } from '../cart/cart.ts';
import { LineEditor } from './line-editor.tsx';

beforeAll(stubLayoutApis);
afterEach(cleanup);

const cheese: CartLine = {
  key: 'c',
  code: '2000000000001',
  name: 'Gouda',
  unitPrice: 1980,
  quantity: 342,
  discount: null,
  priceChanged: false,
  taxRate: null,
  unit: 'KG',
};

function edit(line: CartLine) {
  const onSave = vi.fn();
  render(
    <MantineProvider env="test">
      <LineEditor line={line} focus="quantity" onSave={onSave} onRemove={() => {}} onClose={() => {}} />
    </MantineProvider>,
  );
  return onSave;
}

describe('the line editor', () => {
  it('shows and takes a weighed line’s quantity in its unit, kept in thousandths', () => {
    const onSave = edit(cheese);
    const field = screen.getByLabelText('Quantity (kg)') as HTMLInputElement;
    expect(field.value).toBe('0.342');
    fireEvent.change(field, { target: { value: '0,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith('c', expect.objectContaining({ quantity: 500, unitPrice: 1980 }));
  });

  it('refuses a weight it cannot keep, saying how to type it', () => {
    const onSave = edit(cheese);
    fireEvent.change(screen.getByLabelText('Quantity (kg)'), { target: { value: '0.0004' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(/Type the weight or measure in kg/)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps whole pieces for a product sold by the piece', () => {
    const onSave = edit({ ...cheese, unit: 'EACH', quantity: 3 });
    const field = screen.getByLabelText('Quantity') as HTMLInputElement;
    expect(field.value).toBe('3');
    fireEvent.change(field, { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
  });
});
