import { afterEach, describe, expect, it } from 'vitest';
import { adoptBrowserLocale, browserLocale } from './i18n.ts';
import { SESSION_STORAGE_KEY, useSession } from './session-store.ts';

describe("the visitor's language", () => {
  afterEach(() => {
    localStorage.clear();
    useSession.setState({ userLocale: 'en-US' });
  });

  it('picks the first supported browser language, by language when the region differs', () => {
    expect(browserLocale(['ja-JP'])).toBe('ja-JP');
    expect(browserLocale(['ja'])).toBe('ja-JP');
    expect(browserLocale(['fr-FR', 'ja'])).toBe('ja-JP');
    expect(browserLocale(['en-GB', 'ja'])).toBe('en-US');
    expect(browserLocale(['fr-FR'])).toBe('en-US');
    expect(browserLocale([])).toBe('en-US');
  });

  it("starts a visitor with nothing stored in the browser's language", () => {
    localStorage.removeItem(SESSION_STORAGE_KEY);
    Object.defineProperty(navigator, 'languages', { value: ['ja-JP', 'en'], configurable: true });
    adoptBrowserLocale();
    expect(useSession.getState().userLocale).toBe('ja-JP');
  });

  it('keeps a stored choice', () => {
    useSession.getState().setUserLocale('en-US');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
    Object.defineProperty(navigator, 'languages', { value: ['ja-JP'], configurable: true });
    adoptBrowserLocale();
    expect(useSession.getState().userLocale).toBe('en-US');
  });
});
