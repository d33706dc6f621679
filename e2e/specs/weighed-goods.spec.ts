import { expect, test, type Page } from '@playwright/test';
import { encodeWithRule, barcodeRulePreset } from '@shopdesk/shared';
import { seedStore } from '../support/app-routes.ts';
import { apiHeaders, wedgeScan } from '../support/pages.ts';

/**
 * Weighed goods: a scale label (Odoo's layout, 21 IIIII WWWWW C, kg with 3 decimals) scanned at the
 * counter adds a weighed line of the product named by its item digits, and a label with a wrong
 * check digit is refused with the reason. Set BARCODE_RULE_SHOTS to a folder to keep screenshots of
 * the rule editor in both languages at 390x844 and 1280x800.
 */
const shots = process.env.BARCODE_RULE_SHOTS;
const shot = async (page: Page, name: string) => {
  if (!shots) return;
  // The top (presets and the first rules) and the sample's reading, as the screen shows them.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/${name}-top.png` });
  await page.getByRole('region', { name: /Try a code|コードを試す/ }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/${name}-sample.png` });
};

test('counter: a scale label 21… adds a weighed line and sells its weight off the stock', async ({ page }) => {
  const { store } = await seedStore(page, 'weighed');
  const headers = await apiHeaders(page, store);
  const rules = await page.request.put('/api/secure/barcode-rules', {
    headers,
    data: { rules: barcodeRulePreset('ODOO') },
  });
  expect(rules.status(), await rules.text()).toBe(200);
  // The product's code is the rule's item digits (a PLU number, as scales print it).
  const created = await page.request.post('/api/secure/product', {
    headers,
    data: { code: '00123', name: 'Beef mince', price: 1980, unit: 'KG', quantity: 5000 },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto(`/${store}/shop/counter`);
  await expect(page.getByText('Scan an item to start a sale')).toBeVisible();
  const label = encodeWithRule(barcodeRulePreset('ODOO')[0]!, '00123', 342);
  expect(label).toBe('2100123003426');
  await wedgeScan(page, label);
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('0.342 kg × $19.80/kg');
  // 19.80 × 0.342 = 6.7716 → 6.77
  await expect(page.getByTestId('cart-total')).toHaveText('$6.77');

  // The same label with its last digit changed: refused, with the reason, and nothing added.
  const damaged = label.slice(0, 12) + String((Number(label[12]) + 1) % 10);
  await wedgeScan(page, damaged);
  await expect(page.getByText(/check digit of 2100123003\d+ is wrong/)).toBeVisible();
  await expect(line).toHaveCount(1);

  await page.getByTestId('pay-phone').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^Exact/ }).click();
  await dialog.getByRole('button', { name: /^Take/ }).click();
  await dialog.getByRole('button', { name: 'QR code' }).click();
  const href = (await page.getByRole('link', { name: 'Open the receipt' }).getAttribute('href')) ?? '';
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/secure/product/lookup/00123', { headers });
      return ((await res.json()) as { product: { quantity: number } }).product.quantity;
    })
    .toBe(5000 - 342);

  // The customer's receipt prints the weight and the price per kg, and the line at $6.77.
  const code = /\/receipt\/([0-9A-Z]{12})$/.exec(href)?.[1] ?? '';
  expect(code).not.toBe('');
  await page.goto(`/receipt/${code}`);
  const paper = page.locator('.receipt');
  await expect(paper).toContainText('0.342 kg × $19.80/kg');
  await expect(paper).not.toContainText('$6,771.60');
  await expect(paper).toContainText('$6.77');
});

test('barcode rules: the editor reads a sample label, in English and Japanese', async ({ page }) => {
  test.setTimeout(150_000);
  const { store } = await seedStore(page, 'rules');
  await page.goto(`/${store}/profile/store/${store}/barcode-rules`);
  await expect(page.getByRole('heading', { name: 'Barcode rules' }).first()).toBeVisible();
  await expect(page.getByText('No rules yet')).toBeVisible();
  await page.getByRole('button', { name: 'Use these rules' }).click();
  await expect(page.getByRole('listitem', { name: 'Rule 11' })).toBeVisible();
  await page.getByLabel('Code from a label').fill('2012345012349');
  await expect(page.getByText('Product with item number 12345')).toBeVisible();
  await expect(page.getByText('Price: $1,234.00')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Barcode rules saved')).toBeVisible();
  await shot(page, 'rules-en-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'rules-en-1280');

  await page.getByLabel('Code from a label').fill('2012345012340');
  await expect(page.getByText(/Refused: the last digit/)).toBeVisible();

  await page.evaluate(() => {
    const raw = JSON.parse(localStorage.getItem('shopdesk-session') ?? '{}');
    raw.state.userLocale = 'ja-JP';
    localStorage.setItem('shopdesk-session', JSON.stringify(raw));
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'バーコードルール' }).first()).toBeVisible();
  await page.getByLabel('ラベルのコード').fill('2012345012349');
  await expect(page.getByText('商品番号 12345 の商品')).toBeVisible();
  await shot(page, 'rules-ja-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'rules-ja-390');
});

/** Screenshots of the cargo count and the refund of a weighed line (SHOTS_DIR), en and ja, phone and desk. */
const shotsDir = process.env.SHOTS_DIR;
const setLocale = async (page: Page, locale: string) => {
  await page.evaluate((l) => {
    const raw = JSON.parse(localStorage.getItem('shopdesk-session') ?? '{}');
    raw.state.userLocale = l;
    localStorage.setItem('shopdesk-session', JSON.stringify(raw));
  }, locale);
  await page.reload();
};
const fourShots = async (page: Page, name: string, ready: (ja: boolean) => Promise<void>) => {
  if (!shotsDir) return;
  for (const [lang, ja] of [
    ['en', false],
    ['ja', true],
  ] as const) {
    await setLocale(page, ja ? 'ja-JP' : 'en-US');
    for (const [w, h] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await ready(ja);
      await page.screenshot({ path: `${shotsDir}/${name}-${lang}-${w}.png`, fullPage: w === 390 });
    }
  }
  await setLocale(page, 'en-US');
};

test('cargo: a scale label counts its weight; a weighed product’s plain code asks for the weight; a weighed line refunds in kg', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const { store } = await seedStore(page, 'weighcargo');
  const headers = await apiHeaders(page, store);
  const odoo = barcodeRulePreset('ODOO');
  expect((await page.request.put('/api/secure/barcode-rules', { headers, data: { rules: odoo } })).status()).toBe(200);
  for (const data of [
    { code: '00123', name: 'Beef mince', price: 1980, unit: 'KG', quantity: 5000 },
    { code: '4512345678906', name: 'Loose carrots', price: 480, unit: 'KG', quantity: 0 },
  ]) {
    const res = await page.request.post('/api/secure/product', { headers, data });
    expect(res.status(), await res.text()).toBe(201);
  }
  const made = await page.request.post('/api/secure/cargo/new', {
    headers,
    data: { name: 'Deli order', contents: [{ code: '00123', name: 'Beef mince', quantity: 0, price: 1980 }] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const cargo = (await made.json()) as { code: string };

  await page.goto(`/${store}/cargo/manage/new/${cargo.code}?edit=true`);
  const beef = page.getByRole('listitem', { name: 'Beef mince' });
  await expect(beef).toBeVisible();
  await expect(
    page.getByText(/Each scan adds one piece; weighed goods are counted by their scale label/),
  ).toBeVisible();
  // Two labels of the scale: 0.342 kg and 1.005 kg.
  await wedgeScan(page, encodeWithRule(odoo[0]!, '00123', 342));
  await expect(beef.getByLabel('Quantity of Beef mince')).toHaveValue('0.342');
  await wedgeScan(page, encodeWithRule(odoo[0]!, '00123', 1005));
  await expect(beef.getByLabel('Quantity of Beef mince')).toHaveValue('1.347');
  await expect(beef).toContainText('$19.80/kg');

  // Its plain code says no weight: the weight entry opens and nothing is counted until it is typed.
  await wedgeScan(page, '4512345678906');
  const weigh = page.getByRole('dialog', { name: 'Loose carrots' });
  await expect(weigh.getByText('Weigh it and type the weight in kg', { exact: false })).toBeVisible();
  await weigh.getByLabel('Amount counted (kg)').fill('0.35');
  await weigh.getByRole('button', { name: 'Add' }).click();
  const carrots = page.getByRole('listitem', { name: 'Loose carrots' });
  await expect(carrots.getByLabel('Quantity of Loose carrots')).toHaveValue('0.350');
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/secure/cargo/code/${cargo.code}/contents`, { headers });
      return ((await res.json()) as { code: string; quantity: number; unit: string }[])
        .map((c) => `${c.code}:${c.quantity}:${c.unit}`)
        .sort();
    })
    .toEqual(['00123:1347:KG', '4512345678906:350:KG']);

  await fourShots(page, 'cargo-count', async (ja) => {
    await expect(page.getByRole('listitem', { name: 'Beef mince' })).toBeVisible();
    await expect(page.getByText(ja ? /量り売りの商品は計量ラベル/ : /weighed goods are counted/)).toBeVisible();
  });

  // A sale of 1.342 kg, then part of it back from the sale's page, typed in kg.
  const sold = await page.request.post('/api/secure/shop/transaction', {
    headers,
    data: {
      clientId: crypto.randomUUID(),
      status: 'COMPLETED',
      lines: [{ code: '00123', quantity: 1342 }],
      payment: { method: 'CASH', currency: 'USD', amount: 100_000 },
    },
  });
  expect(sold.status(), await sold.text()).toBe(201);
  const sale = (await sold.json()) as { code: string };
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/${store}/shop/list/${sale.code}`);
  await expect(page.getByText('1.342 kg × $19.80/kg')).toBeVisible();
  await page.getByRole('button', { name: 'Choose items' }).click();
  await expect(page.getByText('Up to 1.342 kg')).toBeVisible();
  await page.getByLabel('Quantity of Beef mince to refund, in kg (up to 1.342 kg)').fill('0.1');
  // 19.80 × 1.342 = 26.5716 → 26.57; 2657 × 100 / 1342 = 197.99 → 1.98.
  await fourShots(page, 'refund-weighed', async (ja) => {
    const choose = page.getByRole('button', { name: ja ? '商品を選ぶ' : 'Choose items' });
    if (await choose.isVisible()) await choose.click();
    const field = page.getByLabel(ja ? /Beef minceの返金する量/ : /Quantity of Beef mince to refund/);
    await field.fill('0.1');
    await field.blur();
    await field.scrollIntoViewIfNeeded();
  });
  // The screenshots reloaded the page: choose again.
  if (shotsDir) {
    await page.getByRole('button', { name: 'Choose items' }).click();
    await page.getByLabel('Quantity of Beef mince to refund, in kg (up to 1.342 kg)').fill('0.1');
  }
  await page.getByRole('button', { name: 'Refund $1.98' }).click();
  await page.getByRole('dialog', { name: 'Refund $1.98?' }).getByRole('button', { name: 'Refund $1.98' }).click();
  await expect(page.getByTestId('refund')).toContainText('Beef mince × 0.100 kg');
  await expect(page.getByTestId('line-refunded')).toHaveText('0.100 kg of 1.342 kg refunded');
});
