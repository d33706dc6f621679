import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ROLE_PERMISSIONS, type VirtualStore } from '@shopdesk/shared';
import { applyLocale } from '../../../lib/i18n.ts';
import { MemoryRouter } from '../../../lib/router/index.ts';
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { StoreCard } from './store-card.tsx';

beforeAll(async () => {
  stubLayoutApis();
  await applyLocale('en-US');
});
afterEach(cleanup);

const store = (s: Partial<VirtualStore>) =>
  ({
    id: 's1',
    name: 'Corner Shop',
    urlName: 'corner',
    mainCurrency: 'JPY',
    timezone: 'Asia/Tokyo',
    ...s,
  }) as VirtualStore;

function renderCard(s: VirtualStore) {
  render(
    <MantineProvider env="test">
      <MemoryRouter initialEntries={['/corner/profile/store']}>
        <StoreCard store={s} isDefault isCurrent settingDefault={false} onSetDefault={() => {}} onEdit={() => {}} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('a store card', () => {
  it("links to the store's tills for its owner (and from a server that sends no rights)", () => {
    renderCard(store({ role: 'OWNER' }));
    expect(screen.getByRole('link', { name: 'Tills of Corner Shop' }).getAttribute('href')).toBe(
      '/corner/profile/store/corner/tills',
    );
  });

  it('links to the tills for a manager with SETTINGS, not for a cashier', () => {
    renderCard(
      store({
        role: 'MANAGER',
        rights: { role: 'MANAGER', permissions: [...ROLE_PERMISSIONS.MANAGER], maxDiscount: 0 },
      }),
    );
    expect(ROLE_PERMISSIONS.MANAGER).toContain('SETTINGS');
    expect(screen.getByRole('link', { name: 'Tills of Corner Shop' })).toBeTruthy();
    cleanup();
    renderCard(
      store({
        role: 'CASHIER',
        rights: { role: 'CASHIER', permissions: [...ROLE_PERMISSIONS.CASHIER], maxDiscount: 0 },
      }),
    );
    expect(screen.queryByRole('link', { name: 'Tills of Corner Shop' })).toBeNull();
  });
});
