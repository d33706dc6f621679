import { expect, test, type Locator, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { seedStore } from '../support/app-routes.ts';
import { apiHeaders, wedgeScan } from '../support/pages.ts';

/**
 * Issue 43 at the counter: a gift card sold for cash, a later sale paid partly with it and the rest
 * in cash, that sale refunded (the card's part back to the card), and a refund into a customer's
 * store credit spent in a new sale. GIFT_CARD_SHOTS=dir takes the payment dialog with a gift card
 * at 390x844 and 1280x800, in English and Japanese.
 */
const shots = process.env.GIFT_CARD_SHOTS;
const shot = async (page: Page, name: string) => {
  if (!shots) return;
  await page.screenshot({ path: `${shots}/${name}-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${shots}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
};

type Headers = Record<string, string>;

async function cardBalance(page: Page, headers: Headers, code: string): Promise<number> {
  const res = await page.request.get(`/api/secure/stored-value/code/${code}`, { headers });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { account: { balance: number } }).account.balance;
}

async function api<T>(page: Page, headers: Headers, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(url, { method, headers, ...(data ? { data } : {}) });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

/** Switches the app's language as the profile's picker does: the session's locale, then a reload. */
async function useLanguage(page: Page, locale: 'en-US' | 'ja-JP') {
  await page.evaluate((l) => {
    const raw = localStorage.getItem('shopdesk-session');
    if (!raw) throw new Error('no session');
    const session = JSON.parse(raw);
    session.state.userLocale = l;
    localStorage.setItem('shopdesk-session', JSON.stringify(session));
  }, locale);
  await page.reload();
}

/** Types a card's code into the payment's gift card tender and looks it up. */
async function lookUpCard(dialog: Locator, code: string, labels = { code: 'Gift card code', lookUp: 'Look up' }) {
  await dialog.getByLabel(labels.code).fill(code);
  await dialog.getByRole('button', { name: labels.lookUp, exact: true }).click();
}

test('gift cards: sold for cash, spent with cash on a later sale, refunded back to the card', async ({ page }) => {
  test.setTimeout(180_000);
  const { store, codes } = await seedStore(page, 'giftcards');
  const headers = await apiHeaders(page, store);

  // Selling: More → Gift card, a preset amount; the cart shows a gift card line, untaxed.
  await page.goto(`/${store}/shop/counter`);
  await expect(page.getByText('Scan an item to start a sale')).toBeVisible();
  // On a phone the empty cart offers it (More is in the summary, hidden until the cart has lines).
  await page.getByTestId('sell-gift-card').click();
  const sell = page.getByRole('dialog', { name: 'Sell a gift card' });
  await sell.getByText('$25.00', { exact: true }).click();
  await sell.getByRole('button', { name: 'Add a $25.00 gift card' }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('gift-card-badge')).toBeVisible();
  await expect(page.getByTestId('line-total')).toHaveText('$25.00');

  await page.getByTestId('pay-phone').click();
  let dialog = page.getByRole('dialog', { name: 'Payment' });
  await dialog.getByRole('button', { name: 'Take $25.00' }).click();
  const paid = page.getByRole('dialog', { name: 'Paid' });
  const active = paid.getByTestId('gift-card-active');
  await expect(active).toContainText(/Gift card (\d{4} ){3}\d{4} is active/);
  const code = ((await active.textContent()) ?? '').match(/((\d{4} ){3}\d{4})/)![1]!.replace(/ /g, '');
  expect(await cardBalance(page, headers, code)).toBe(2500);
  await paid.getByRole('button', { name: 'New sale' }).click();

  // Paying: three teas ($37.50), $25.00 from the card (all it holds), the rest in cash.
  for (let i = 0; i < 3; i += 1) await wedgeScan(page, codes.inStock);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByTestId('pay-phone').click();
  dialog = page.getByRole('dialog', { name: 'Payment' });
  await dialog.getByRole('button', { name: 'Gift card', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Look up the card first' })).toBeDisabled();
  await lookUpCard(dialog, code.replace(/(\d{4})(?=\d)/g, '$1 '));
  await expect(dialog.getByTestId('stored-value-balance')).toHaveText('Balance $25.00');
  // Never more than the card holds.
  await dialog.getByLabel('Amount from the card (USD)').fill('30');
  await expect(dialog.getByText('The card holds $25.00: take that much or less from it.')).toBeVisible();
  await dialog.getByLabel('Amount from the card (USD)').fill('');
  await shot(page, 'payment-gift-card-en');
  await dialog.getByRole('button', { name: 'Add $25.00, pay the rest next' }).click();
  await expect(dialog.getByTestId('payment-due')).toHaveText('$12.50');
  await dialog.getByRole('button', { name: 'Cash', exact: true }).click();
  await dialog.getByRole('button', { name: 'Take $12.50' }).click();
  await expect(paid.getByTestId('card-left')).toHaveText(`Gift card •••• ${code.slice(-4)}: $0.00 left`);
  await paid.getByRole('button', { name: 'New sale' }).click();
  expect(await cardBalance(page, headers, code)).toBe(0);

  // A spent card is refused in the dialog, saying why, before the sale is tried.
  await wedgeScan(page, codes.inStock);
  await page.getByTestId('pay-phone').click();
  dialog = page.getByRole('dialog', { name: 'Payment' });
  await dialog.getByRole('button', { name: 'Gift card', exact: true }).click();
  await lookUpCard(dialog, code);
  await expect(dialog.getByTestId('stored-value-problem')).toHaveText('This gift card has nothing left to spend.');
  await dialog.getByLabel('Gift card code').fill('9999888877776666');
  await dialog.getByRole('button', { name: 'Look up', exact: true }).click();
  await expect(dialog.getByText('No gift card or store credit has this code. Check it and try again.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel payment' }).first().click();

  // Refunding the paid sale: the card's part goes back to the card, only the rest in cash.
  const sales = await api<{ items: { code: string; total: number }[] }>(
    page,
    headers,
    'GET',
    `/api/secure/shop/transaction/range/by-date?from=${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}&to=${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}&size=100`,
  );
  const split = sales.items.find((s) => s.total === 3750)!;
  await page.goto(`/${store}/shop/list/${split.code}`);
  await expect(page.getByTestId('refund-cards-note')).toHaveText(
    'This sale was paid partly by gift card or store credit: $25.00 of this refund goes back to that card first, never as cash.',
  );
  await page.getByRole('button', { name: 'Refund all that remains' }).click();
  const confirm = page.getByRole('dialog', { name: 'Refund $37.50?' });
  await expect(confirm).toContainText('Give back $12.50 in cash for 3 items.');
  await expect(confirm.getByTestId('refund-confirm-cards')).toHaveText(
    'And $25.00 goes back to the gift card or store credit the sale was paid with.',
  );
  await confirm.getByRole('button', { name: 'Refund $37.50' }).click();
  await expect(page.getByTestId('refund-cards-note')).toHaveCount(0);
  expect(await cardBalance(page, headers, code)).toBe(2500);
  const refunded = await api<{ refunds: { tenders: { method: string; amount: number; cardCode?: string }[] }[] }>(
    page,
    headers,
    'GET',
    `/api/secure/shop/transaction/${split.code}`,
  );
  expect(refunded.refunds[0]!.tenders).toMatchObject([
    { method: 'STORED_VALUE', amount: 2500, cardCode: code },
    { method: 'CASH', amount: 1250 },
  ]);

  // The card's receipt: once spent, its link shows only the last four (the code is the card).
  const cardSale = sales.items.find((s) => s.total === 2500)!;
  await page.goto(`/receipt/${cardSale.code}?lang=en`);
  const receipt = page.locator('main');
  await expect(receipt).toContainText(`•••• ${code.slice(-4)}`);
  await expect(receipt).toContainText('In use: ask the shop for its number');
  await expect(receipt).toContainText('Usable at');
  await expect(receipt).not.toContainText(code.replace(/(\d{4})(?=\d)/g, '$1 '));
  // A card not spent yet: its code in full, with the disclosures, as printed at the counter.
  const fresh = await api<{ code: string; lines: { giftCardCode: string }[] }>(
    page,
    headers,
    'POST',
    '/api/secure/shop/transaction',
    {
      clientId: crypto.randomUUID(),
      status: 'COMPLETED',
      lines: [{ quantity: 1, giftCard: { amount: 1000 } }],
      payment: { method: 'CASH', currency: 'USD', amount: 1000 },
    },
  );
  const freshCode = fresh.lines[0]!.giftCardCode;
  await page.goto(`/receipt/${fresh.code}?lang=en`);
  await expect(receipt).toContainText(freshCode.replace(/(\d{4})(?=\d)/g, '$1 '));
  for (const words of ['Gift card', 'Amount', 'No expiry', 'Issuer', 'Usable at', 'Balance enquiries']) {
    await expect(receipt).toContainText(words);
  }
  await expect(receipt.locator('svg').first()).toBeVisible();

  // The payment dialog with a gift card, in Japanese.
  await useLanguage(page, 'ja-JP');
  await page.goto(`/${store}/shop/counter`);
  await wedgeScan(page, codes.inStock);
  await wedgeScan(page, codes.inStock);
  await wedgeScan(page, codes.inStock);
  await page.getByTestId('pay-phone').click();
  dialog = page.getByRole('dialog', { name: 'お支払い' });
  await dialog.getByRole('button', { name: 'ギフトカード', exact: true }).click();
  await lookUpCard(dialog, code, { code: 'ギフトカード番号', lookUp: '照会' });
  await expect(dialog.getByTestId('stored-value-balance')).toContainText('残高');
  await shot(page, 'payment-gift-card-ja');
});

test('store credit: a refund into a customer’s credit, spent at the counter by the attached customer', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { store, codes } = await seedStore(page, 'storecredit');
  const headers = await apiHeaders(page, store);
  const customer = await api<{ id: string; code: string }>(page, headers, 'POST', '/api/secure/customer', {
    name: 'Sato Hanako',
    phone: '090-1234-5678',
  });
  const sale = await api<{ code: string }>(page, headers, 'POST', '/api/secure/shop/transaction', {
    clientId: randomUUID(),
    status: 'COMPLETED',
    lines: [{ code: codes.inStock, quantity: 2 }],
    payments: [{ method: 'CASH', currency: 'USD', amount: 2500 }],
    customerId: customer.id,
  });

  // The refund goes into Sato's store credit, not back as money.
  await page.goto(`/${store}/shop/list/${sale.code}`);
  await page.getByLabel('Refund to store credit').check();
  await page.getByRole('button', { name: 'Refund all that remains' }).click();
  const confirm = page.getByRole('dialog', { name: 'Refund $25.00?' });
  await expect(confirm).toContainText("Put $25.00 into Sato Hanako's store credit for 2 items.");
  await confirm.getByRole('button', { name: 'Refund $25.00' }).click();
  await expect(page.getByRole('button', { name: 'Refund all that remains' })).toHaveCount(0);
  expect(await cardBalance(page, headers, customer.code)).toBe(2500);

  // At the counter, the attached customer's credit is offered with its balance and pays the tea.
  await page.goto(`/${store}/shop/counter`);
  await wedgeScan(page, codes.inStock);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await wedgeScan(page, customer.code);
  await expect(page.getByTestId('cart-customer-name')).toHaveText('Sato Hanako');
  await page.getByTestId('pay-phone').click();
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await dialog.getByRole('button', { name: 'Store credit ($25.00)' }).click();
  await expect(dialog.getByTestId('stored-value-balance')).toHaveText('Balance $25.00');
  await dialog.getByRole('button', { name: 'Take $12.50' }).click();
  const paid = page.getByRole('dialog', { name: 'Paid' });
  await expect(paid.getByTestId('card-left')).toHaveText('Store credit: $12.50 left');
  expect(await cardBalance(page, headers, customer.code)).toBe(1250);
  await paid.getByRole('button', { name: 'New sale' }).click();

  // Offline the dialog says cards need a connection and offers the other tenders.
  await wedgeScan(page, codes.inStock);
  await page.getByTestId('pay-phone').click();
  await page.context().setOffline(true);
  await expect(dialog.getByTestId('stored-value-offline')).toHaveText(
    'Gift cards and store credit need a connection: take the payment another way, or wait for the connection.',
  );
  await expect(dialog.getByRole('button', { name: 'Gift card', exact: true })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Cash', exact: true })).toBeEnabled();
  await page.context().setOffline(false);
});
