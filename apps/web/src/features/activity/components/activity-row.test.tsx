import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { AuditEvent } from '@shopdesk/shared';
import '../../../lib/i18n.ts'; // the English texts, as in the app
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { ActivityRow } from './activity-row.tsx';

const pinEvent = (userId: string, userName: string, memberId: string, memberName: string): AuditEvent => ({
  id: `${userId}-${memberId}`,
  storeId: 'store',
  at: '2026-12-05T10:00:00.000Z',
  userId,
  userName,
  approvedBy: null,
  approvedByName: null,
  action: 'MEMBER_PIN',
  entity: 'MEMBER',
  entityCode: memberId,
  summary: memberName,
  amount: null,
});

const format = { dateTime: (iso: string) => iso, money: (minor: number) => String(minor) };

beforeAll(stubLayoutApis);
afterEach(cleanup);

function row(event: AuditEvent) {
  render(
    <MantineProvider env="test">
      <ActivityRow event={event} format={format} />
    </MantineProvider>,
  );
}

describe('a PIN set in the activity log', () => {
  it('reads who set whose PIN', () => {
    row(pinEvent('olive-id', 'Olive', 'ben-id', 'Ben'));
    expect(screen.getByText('Till PIN set')).toBeTruthy();
    expect(screen.getByText('Set the till PIN of Ben.')).toBeTruthy();
    expect(screen.getByText(/Olive/)).toBeTruthy();
  });

  it('reads a member setting their own', () => {
    row(pinEvent('ben-id', 'Ben', 'ben-id', 'Ben'));
    expect(screen.getByText('Set their own till PIN.')).toBeTruthy();
  });
});
