import { expect, test } from '@playwright/test';
import { displayChannelName, plainSaleState, type DisplayChannelMessage } from '@shopdesk/shared';
import { waitActive, waitControlled } from '../support/service-worker.ts';

// The counter's second window works offline (issue 45): the service worker serves its page with the
// app shell, and the counter's states reach it over the device's BroadcastChannel, no network.
test('the second window opens and follows the channel offline', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    await page.goto('/display-window/corner');
    await expect(page.getByRole('heading', { name: 'Waiting for the counter…' })).toBeVisible();
    await waitActive(page);
    await page.reload();
    await waitControlled(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Waiting for the counter…' })).toBeVisible();
    const message: DisplayChannelMessage = {
      type: 'state',
      store: { name: 'Corner', logoUrl: null, locale: 'en-US', mainCurrency: 'USD', secondCurrency: null },
      state: plainSaleState(1, [
        { name: 'Green tea', quantity: 2, unit: 'EACH', unitPrice: 250, discount: 0, total: 500 },
      ]),
    };
    // The counter: another page of the same origin on the same device.
    const counter = await context.newPage();
    await counter.goto('/display-window/corner');
    await counter.evaluate(
      ([name, msg]) => {
        const channel = new BroadcastChannel(name);
        channel.postMessage(msg);
        channel.close();
      },
      [displayChannelName('corner'), message] as const,
    );
    await expect(page.getByText('Green tea')).toBeVisible();
    await expect(page.getByTestId('display-total')).toContainText('$5.00');
  } finally {
    await context.close();
  }
});
