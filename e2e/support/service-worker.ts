import { expect, type Page } from '@playwright/test';

/**
 * Waits until the service worker registered by the pages seen so far is active. A page loaded
 * while the first install is still activating may miss its claim (clientsClaim reaches only the
 * pages open when it runs) and stay uncontrolled until it is loaded again; one loaded after this
 * never does. Answers the active registration's scope.
 */
export async function waitActive(page: Page): Promise<string> {
  return page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
}

/** Waits until the page is under a service worker (the first install claims it: clientsClaim). */
export async function waitControlled(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}
