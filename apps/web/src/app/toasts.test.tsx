import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { stubLayoutApis } from '../lib/jsdom-stubs.test-support.ts';
import { notifications, toastsWanted } from '../lib/notifications.ts';
import { Toasts } from './toasts.tsx';

beforeAll(stubLayoutApis);
afterEach(() => {
  cleanup();
  act(() => notifications.clean());
});

const renderToasts = () =>
  render(
    <MantineProvider env="test">
      <Toasts />
    </MantineProvider>,
  );

describe('Toasts', () => {
  it('loads nothing until a toast is asked for; the toasts asked for meanwhile show, in order', async () => {
    renderToasts();
    expect(toastsWanted.get()).toBe(false);
    expect(document.querySelector('.app-toasts')).toBeNull();
    act(() => {
      notifications.show({ message: 'Sale saved' });
      notifications.show({ color: 'red', message: 'Session expired' });
    });
    expect(await screen.findByText('Session expired')).toBeTruthy();
    const shown = [...document.querySelectorAll('.app-toasts [class*="description"]')].map((n) => n.textContent);
    expect(shown).toEqual(['Sale saved', 'Session expired']);
  });

  it('shows a toast asked for before the container was mounted, and keeps an id given', async () => {
    expect(notifications.show({ id: 'unknown-4901', message: 'Unknown product' })).toBe('unknown-4901');
    renderToasts();
    expect(await screen.findByText('Unknown product')).toBeTruthy();
  });
});
