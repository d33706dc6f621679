import { i18n } from './instance.ts';
import type { Texts } from './types.ts';

/** Loads one part of the English texts; `started()` is its load under way or done, if it was asked for. */
export interface TextPart {
  (): Promise<void>;
  started(): Promise<void> | undefined;
}

/**
 * One part of the English texts split out by the build (build-tools/split-texts.ts), loaded with the
 * screens that need it: imported once and added over the texts already there (each addition renders
 * the screens again with a new `t`, so it happens once), and forgotten when the import fails
 * (offline, a new deploy) so that the next call tries again. `load` is the part's own `import()`,
 * written where the part is named, so the build sees each part's chunk.
 */
export function textPart(load: () => Promise<{ default: unknown }>): TextPart {
  let loading: Promise<void> | undefined;
  const part = () =>
    (loading ??= load().then(
      (texts) => i18n.addResourceBundle('en-US', 'translation', texts.default as Texts, true, true),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return Object.assign(part, { started: () => loading });
}
