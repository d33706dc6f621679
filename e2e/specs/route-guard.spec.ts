import { expect, test } from '@playwright/test';

// original.md §2: a visitor may open only the public paths; anything else goes to /auth.
test.describe('route guard for visitors', () => {
  for (const path of ['/', '/corner-shop', '/corner-shop/profile', '/corner-shop/shop/counter']) {
    test(`${path} sends a visitor to /auth`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    });
  }

  for (const path of ['/auth', '/signUp', '/forgot-password', '/legal', '/receipt/0123456789AB']) {
    test(`${path} stays open to a visitor`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    });
  }

  test('every navigation scrolls to the top', async ({ page }) => {
    await page.goto('/legal');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page
      .getByRole('link', { name: /log in|back/i })
      .first()
      .click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
