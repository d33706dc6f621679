import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { OWNER_RIGHTS, type StoreRights, type VirtualStore } from '@shopdesk/shared';
import '../../lib/i18n.ts'; // the English texts, as in the app
import { useSession } from '../../lib/session-store.ts';
import { stubLayoutApis } from '../../lib/jsdom-stubs.test-support.ts';
import { ReceiptActions } from './receipt-actions.tsx';

// The receipt's document is fetched ahead of a tap on Print; these tests never print.
vi.mock('./receipt-for-code.ts', async (original) => ({
  ...(await original<object>()),
  receiptDocumentFor: () => new Promise(() => undefined),
}));

// The actions load the printing module ahead of a tap on Print; these tests never print, and its
// chain of imports must not still be loading when the test file's environment is torn down.
vi.mock('../receipts/print-receipt.ts', () => ({ printReceipt: vi.fn() }));

beforeAll(stubLayoutApis);
afterEach(async () => {
  await vi.dynamicImportSettled();
  cleanup();
  useSession.setState({ virtualStore: null });
});

function inStore(rights: StoreRights) {
  useSession.setState({ virtualStore: { urlName: 'corner', rights } as unknown as VirtualStore, userLocale: 'en-US' });
  render(
    <MantineProvider env="test">
      <ReceiptActions code="AB12CD" />
    </MantineProvider>,
  );
}

describe("A sale's receipt actions", () => {
  it('offer the receipt by mail to a member who may sell', () => {
    inStore(OWNER_RIGHTS);
    expect(screen.getByRole('button', { name: 'Email receipt' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Print receipt' })).toHaveProperty('disabled', false);
  });

  it('leave the mail out for a member who may only read sales (the server would refuse it: 403)', () => {
    inStore({ role: 'CASHIER', permissions: ['REPORTS'], maxDiscount: 0 });
    expect(screen.queryByRole('button', { name: 'Email receipt' })).toBeNull();
    // What needs nothing of the server beyond the receipt stays.
    expect(screen.getByRole('button', { name: 'Print receipt' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'QR code' })).toHaveProperty('disabled', false);
  });
});
