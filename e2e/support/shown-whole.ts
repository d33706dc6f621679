import type { Locator } from '@playwright/test';

/** True when the element's text shows whole: nothing cut off or hidden past its box. */
export function shownWhole(element: Locator): Promise<boolean> {
  return element.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1);
}
