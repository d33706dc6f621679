import { i18n } from './instance.ts';
import type { Texts } from './types.ts';

let displayTexts: Promise<void> | undefined;

/**
 * English texts of the customer display (issue 45, build-tools/split-texts.ts DISPLAY_TEXTS): the
 * counter's display dialog and the tills page's list load them with their code. Kept out of
 * lib/i18n.ts so the app's entry (every public first load) carries no code for them; the display's
 * own pages import the same part directly.
 */
export function loadDisplayTexts(): Promise<void> {
  displayTexts ??= import('../../locales/en-US.json?display').then(
    (texts) => i18n.addResourceBundle('en-US', 'translation', texts.default as Texts, true, true),
    (error: unknown) => {
      displayTexts = undefined; // a failed chunk load (offline, new deploy) is tried again next time
      throw error;
    },
  );
  return displayTexts;
}
