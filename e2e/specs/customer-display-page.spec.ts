import { expect, test } from '@playwright/test';
import { plainSaleState, type DisplayPairResponse, type DisplayState } from '@shopdesk/shared';
import { randomUUID } from 'node:crypto';
import { waitForMail } from '../support/mailbox.ts';
import { oneCashSale } from '../support/one-sale.ts';
import { apiHeaders, signUpConfirmed } from '../support/pages.ts';

/**
 * The display page against the real server (issue 45): a device paired through the API follows
 * the states the counter sends, shows that it waits while its stream is cut, catches up once it is
 * back, and says it was unpaired the moment the pairing is revoked. The counter's own screens (and
 * the second window) are the counter's specs.
 */
function state(seq: number, names: string[], phase: DisplayState['phase'] = 'sale'): DisplayState {
  const lines = names.map((name) => ({
    name,
    quantity: 1,
    unit: 'EACH' as const,
    unitPrice: 250,
    discount: 0,
    total: 250,
  }));
  return { ...plainSaleState(seq, lines), phase };
}

test('a paired display follows the counter, waits through a cut, catches up, and stops when unpaired', async ({
  page,
  browser,
}) => {
  const owner = await signUpConfirmed(page, 'display');
  const headers = await apiHeaders(page, owner.urlName);
  const res = await page.request.post('/api/secure/display/pair', { headers, data: { name: 'Tablet' } });
  expect(res.status(), await res.text()).toBe(201);
  const pairing = (await res.json()) as DisplayPairResponse;
  const send = async (s: DisplayState) => {
    const put = await page.request.put(`/api/secure/display/pair/${pairing.id}/state`, { headers, data: s });
    expect(put.status(), await put.text()).toBe(204);
  };

  const tablet = await browser.newContext({ baseURL: test.info().project.use.baseURL, serviceWorkers: 'block' });
  const display = await tablet.newPage();
  await display.goto(new URL(pairing.url).pathname);
  await expect(display.getByRole('heading', { level: 1 })).toBeVisible(); // the store's name, idle

  await send(state(1, ['Green tea']));
  await expect(display.getByText('Green tea')).toBeVisible();
  await expect(display.getByTestId('display-total')).toContainText('$2.50');

  // The stream is cut (and every new connection refused) while the counter rings up more.
  await display.route('**/api/public/display/*/events', (route) => route.abort('internetdisconnected'));
  await display.route('**/api/public/display/*', (route) => route.abort('internetdisconnected'));
  await tablet.setOffline(true);
  await expect(display.getByRole('status')).toContainText('Waiting for the counter…');
  await send(state(2, ['Green tea', 'Rice ball']));
  await expect(display.getByText('Rice ball')).toHaveCount(0);

  await display.unrouteAll();
  await tablet.setOffline(false);
  await expect(display.getByText('Rice ball')).toBeVisible();
  await expect(display.getByRole('status')).toHaveCount(0);
  await expect(display.getByTestId('display-total')).toContainText('$5.00');

  const revoke = await page.request.delete(`/api/secure/display/pair/${pairing.id}`, { headers });
  expect(revoke.status()).toBe(204);
  await expect(display.getByRole('heading', { name: 'This display was unpaired' })).toBeVisible();
  await display.reload();
  await expect(display.getByRole('heading', { name: 'This display was unpaired' })).toBeVisible();
  await tablet.close();
});

test("after payment the display shows the receipt's QR and mails the receipt in the customer's language", async ({
  page,
  browser,
}) => {
  const owner = await signUpConfirmed(page, 'displaymail');
  const headers = await apiHeaders(page, owner.urlName);
  const sale = await oneCashSale(page, headers);
  const pairing = (await (
    await page.request.post('/api/secure/display/pair', { headers, data: {} })
  ).json()) as DisplayPairResponse;
  const paid: DisplayState = {
    ...state(Date.now(), ['Green tea'], 'paid'),
    payment: {
      tendered: [{ label: 'Cash', currency: 'USD', amount: 1000 }],
      change: { currency: 'USD', amount: 750 },
    },
    receipt: { code: sale.code },
  };
  const put = await page.request.put(`/api/secure/display/pair/${pairing.id}/state`, { headers, data: paid });
  expect(put.status(), await put.text()).toBe(204);

  const tablet = await browser.newContext({ baseURL: test.info().project.use.baseURL, serviceWorkers: 'block' });
  const display = await tablet.newPage();
  await display.goto(new URL(pairing.url).pathname);
  await expect(display.getByTestId('display-change')).toContainText('$7.50');
  await expect(display.getByTestId('display-receipt-qr')).toBeVisible();
  await display.getByRole('button', { name: '日本語' }).click();
  await expect(display.getByRole('heading', { name: 'ありがとうございました' })).toBeVisible();
  const since = Date.now();
  const address = `customer-${randomUUID().slice(0, 8)}@example.com`;
  await display.getByLabel('メールアドレス').fill(address);
  // No customer on the sale: nothing to keep the address on.
  await expect(display.getByLabel('次回のためにアドレスを保存する')).toHaveCount(0);
  await display.getByRole('button', { name: '送信' }).click();
  await expect(display.getByRole('status')).toContainText('送信しました');
  const mail = await waitForMail(address, since);
  expect(mail.text).toContain(sale.code);
  expect(mail.subject, 'in the language chosen on the display').toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  await tablet.close();
});
