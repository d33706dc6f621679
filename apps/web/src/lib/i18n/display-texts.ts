import { textPart } from './text-part.ts';

/**
 * English texts of the customer display (issue 45, build-tools/split-texts.ts DISPLAY_TEXTS): the
 * counter's display dialog and the tills page's list load them with their code. Kept out of
 * lib/i18n.ts so the app's entry (every public first load) carries no code for them; the display's
 * own pages import the same part directly.
 */
export const loadDisplayTexts = textPart(() => import('../../locales/en-US.json?display'));
