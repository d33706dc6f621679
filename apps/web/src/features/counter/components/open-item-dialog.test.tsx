import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { VirtualStore } from '@shopdesk/shared';
import '../../../lib/i18n.ts'; // the English texts, as in the app
import { useSession } from '../../../lib/session-store.ts';
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { OpenItemDialog } from './open-item-dialog.tsx';

beforeAll(stubLayoutApis);
afterEach(cleanup);

function openIn(mainCurrency: string) {
  useSession.setState({
    virtualStore: { mainCurrency, secondCurrency: null } as unknown as VirtualStore,
    userLocale: 'en-US',
  });
  render(
    <MantineProvider env="test">
      <OpenItemDialog opened onAdd={vi.fn()} onClose={vi.fn()} />
    </MantineProvider>,
  );
  fireEvent.change(screen.getByLabelText('Item name'), { target: { value: 'Gift wrap' } });
  fireEvent.change(screen.getByLabelText(/Unit price/), { target: { value: '4.5.0' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
}

describe('OpenItemDialog', () => {
  it("gives its price example in the store's currency", () => {
    openIn('JPY');
    expect(screen.getByText('Enter a price, such as 450')).toBeTruthy();
    cleanup();
    openIn('USD');
    expect(screen.getByText('Enter a price, such as 4.50')).toBeTruthy();
  });
});
