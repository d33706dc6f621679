import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { randomInStoreEan13 } from '@shopdesk/shared';
import { waitForMail } from '../support/mailbox.ts';
import { apiHeaders, signUpConfirmed } from '../support/pages.ts';

/** With MAIL_SHOTS set, the form is kept there as PNGs to look at (phone and desktop). */
const SHOTS = process.env.MAIL_SHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function api(page: Page, store: string, path: string, data: unknown) {
  const res = await page.request.fetch(path, { method: 'POST', headers: await apiHeaders(page, store), data });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

test("a sale's receipt is mailed from its detail in Japanese, to the address on the sale's customer", async ({
  page,
}) => {
  const owner = await signUpConfirmed(page, 'receiptmail');
  const store = owner.urlName;
  const tea = randomInStoreEan13();
  await api(page, store, '/api/secure/product', { code: tea, name: 'Green tea', price: 250, quantity: 10 });
  const email = `hana-${randomUUID().slice(0, 8)}@example.com`;
  const customer = await api(page, store, '/api/secure/customer', { name: 'Hana Sato', email });
  const sale = await api(page, store, '/api/secure/shop/transaction', {
    clientId: randomUUID(),
    status: 'COMPLETED',
    customerId: customer.id,
    lines: [{ code: tea, quantity: 3 }],
    payments: [{ method: 'CASH', currency: 'USD', amount: 1000 }],
  });

  await page.goto(`/${store}/shop/list/${sale.code}`);
  await page.getByRole('button', { name: 'Email receipt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email the receipt' });
  // The owner sees customers' details: the address on file is offered.
  await expect(dialog.getByLabel("Customer's email")).toHaveValue(email);
  await expect(dialog.getByLabel("Keep this address on the customer's record")).toBeVisible();
  await dialog.getByText('日本語').click();
  await shot(page, 'form-phone');
  const since = Date.now();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`The receipt was sent to ${email}.`);
  await shot(page, 'sent-phone');
  const mail = await waitForMail(email, since);
  expect(mail.subject).toBe(`${owner.storeName}からのレシート`);
  expect(mail.text).toContain('Green tea');
  expect(mail.text).toContain('$7.50');
  expect(mail.text).toContain(`/receipt/${sale.code}`);

  // A mistyped address is named at once, nothing sent.
  await dialog.getByLabel("Customer's email").fill('hana@');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Enter a valid email address.')).toBeVisible();

  // On a desk the list and the sale show side by side: the form opens from there the same way.
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Email receipt' }).click();
  await expect(dialog.getByLabel("Customer's email")).toHaveValue(email);
  await dialog.getByLabel("Customer's email").fill(email);
  await shot(page, 'form-desktop');
});
