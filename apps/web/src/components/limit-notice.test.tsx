import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from '../lib/router/index.ts';
import { defaultSubscriptionStatus, type SubscriptionStatus } from '@shopdesk/shared';
import '../lib/i18n.ts'; // the English texts, as in the app
import { stubLayoutApis } from '../lib/jsdom-stubs.test-support.ts';
import { useSession } from '../lib/session-store.ts';
import { LimitNotice, nearLimit, type LimitKind } from './limit-notice.tsx';

beforeAll(stubLayoutApis);
afterEach(cleanup);

/** The notice for `kind` with the session holding `status` (nobody logged in: no call is made). */
function show(kind: LimitKind, status: Partial<SubscriptionStatus>) {
  useSession.getState().clearSession();
  useSession.getState().setSubscriptionStatus({ ...defaultSubscriptionStatus(), ...status });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider env="test">
        <MemoryRouter>
          <LimitNotice kind={kind} store="my-shop" />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('LimitNotice', () => {
  it('says nothing with plenty left, or without a limit (premium)', () => {
    show('products', { freeProductLimit: 100, productCount: 10 });
    expect(screen.queryByTestId('limit-notice-products')).toBeNull();
    cleanup();
    show('transactions', { freeTransactionLimit: null, shopTransactionCount: 5000 });
    expect(screen.queryByTestId('limit-notice-transactions')).toBeNull();
  });

  it('counts down near the limit, with the way to upgrade', () => {
    show('transactions', { freeTransactionLimit: 300, shopTransactionCount: 290 });
    const notice = screen.getByTestId('limit-notice-transactions');
    expect(notice.textContent).toContain('10 sales left this month on the free plan (of 300).');
    expect(screen.getByRole('link', { name: 'Upgrade to premium' }).getAttribute('href')).toBe(
      '/my-shop/profile/subscription/pricing',
    );
  });

  it('says clearly when the limit is reached (also when over it)', () => {
    show('cargos', { freeCargoLimit: 20, cargoCount: 23 });
    expect(screen.getByTestId('limit-notice-cargos').textContent).toContain(
      "You have reached the free plan's limit of 20 cargos.",
    );
  });

  it('says when the member limit is reached, with the upgrade (the members screen)', () => {
    show('members', { freeMemberLimit: 1, memberCount: 1 });
    expect(screen.getByTestId('limit-notice-members').textContent).toContain(
      "The free plan's member limit is reached (1 besides you): new members cannot be invited.",
    );
    expect(screen.getByRole('link', { name: 'Upgrade to premium' }).getAttribute('href')).toBe(
      '/my-shop/profile/subscription/pricing',
    );
    cleanup();
    show('members', { freeMemberLimit: null, memberCount: 4 });
    expect(screen.queryByTestId('limit-notice-members')).toBeNull();
  });

  it('starts at the last 5, or the last tenth of a large limit', () => {
    expect(nearLimit(20, 6)).toBe(false);
    expect(nearLimit(20, 5)).toBe(true);
    expect(nearLimit(300, 31)).toBe(false);
    expect(nearLimit(300, 30)).toBe(true);
  });
});
