import texts from '../../../locales/en-US.json?display';
import { i18n } from '../../../lib/i18n/instance.ts';
import type { Texts } from '../../../lib/i18n/types.ts';

/*
 * The display's English texts, a part of their own (build-tools/split-texts.ts, DISPLAY_TEXTS): its
 * pages import this module, so the app's first load carries neither the texts nor code to load them.
 * Japanese comes with the whole ja-JP file, as on every screen (lib/i18n.ts, applyLocale).
 */
i18n.addResourceBundle('en-US', 'translation', texts as Texts, true, true);
