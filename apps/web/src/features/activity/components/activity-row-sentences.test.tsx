import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { AuditEvent } from '@shopdesk/shared';
import '../../../lib/i18n.ts'; // the English texts, as in the app
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { ActivityRow } from './activity-row.tsx';

const event = (patch: Partial<AuditEvent>): AuditEvent => ({
  id: 'E1',
  storeId: 'store',
  at: '2026-12-05T10:00:00.000Z',
  userId: 'mona-id',
  userName: 'Mona',
  approvedBy: null,
  approvedByName: null,
  action: 'SALE_SETTINGS',
  entity: 'STORE',
  entityCode: 'corner',
  summary: '',
  amount: null,
  ...patch,
});

const format = { dateTime: (iso: string) => iso, money: (minor: number) => `$${(minor / 100).toFixed(2)}` };

beforeAll(stubLayoutApis);
afterEach(cleanup);

function row(e: AuditEvent) {
  render(
    <MantineProvider env="test">
      <ActivityRow event={e} format={format} />
    </MantineProvider>,
  );
}

describe('activity rows read as sentences', () => {
  it('words the sales settings, never "INCLUSIVE 1000 0"', () => {
    row(event({ summary: 'INCLUSIVE 1000 0' }));
    expect(screen.getByText('Sales settings changed')).toBeTruthy();
    expect(screen.getByText('Prices include tax · tax rate 10% · no cash rounding')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/INCLUSIVE/);
  });

  it('names a removed payment method in words, without its id', () => {
    row(event({ action: 'PAYMENT_METHOD_DELETE', entity: 'PAYMENT_METHOD', entityCode: 'PAYPAY', summary: 'PAYPAY' }));
    expect(screen.getByText('Payment method removed')).toBeTruthy();
    expect(screen.getByText('PayPay')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/PAYPAY/);
  });

  it('says who an invitation revoked was for, and as what', () => {
    row(event({ action: 'INVITATION_REVOKE', entity: 'MEMBER', entityCode: 'ann@example.com', summary: 'MANAGER' }));
    expect(screen.getByText('Invitation revoked')).toBeTruthy();
    expect(screen.getByText('ann@example.com: Role: Manager')).toBeTruthy();
  });
});
