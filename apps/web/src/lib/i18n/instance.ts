import { ResourceStore } from './resources.ts';
import { translate } from './translate.ts';
import type { TFunction, Texts } from './types.ts';

/**
 * The UI's texts and language, with the part of i18next's API the app used: `t`, `language`,
 * `changeLanguage`, `addResourceBundle`, `hasResourceBundle`. Listeners hear every change (a new
 * language or new texts it shows), which is what re-renders the screens (use-translation.ts).
 */
export class I18n {
  language: string;
  private readonly store = new ResourceStore();
  private readonly listeners = new Set<() => void>();
  /** Counts changes: React compares it to know when to render again. */
  private version = 0;

  constructor(
    language: string,
    private readonly fallbackLng: string,
  ) {
    this.language = language;
  }

  /** Looks in the current language, then in the fallback one. */
  readonly t: TFunction = (key, options) =>
    translate(
      this.store,
      this.language === this.fallbackLng ? [this.language] : [this.language, this.fallbackLng],
      key,
      options,
    );

  /** Async like i18next's, so callers may await it; the texts must be added before. */
  changeLanguage(lng: string): Promise<void> {
    if (lng !== this.language) {
      this.language = lng;
      this.changed();
    }
    return Promise.resolve();
  }

  /** Texts of another language change nothing on screen until changeLanguage, which tells then. */
  addResourceBundle(lng: string, ns: string, texts: Texts, deep = false, overwrite = false): void {
    this.store.add(lng, ns, texts, deep, overwrite);
    if (lng === this.language || lng === this.fallbackLng) this.changed();
  }

  hasResourceBundle(lng: string, ns: string): boolean {
    return this.store.has(lng, ns);
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getVersion = (): number => this.version;

  private changed(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }
}

/** The app's one instance; lib/i18n.ts gives it the English texts and follows the session's language. */
export const i18n = new I18n('en-US', 'en-US');
