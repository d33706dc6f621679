import { useMemo, useSyncExternalStore } from 'react';
import { i18n } from './instance.ts';
import type { TFunction } from './types.ts';

/**
 * `{ t, i18n }` for a component, as react-i18next's hook gave them. The component renders again when
 * the language changes or texts arrive (the later English texts, the Japanese bundle), and `t` is then
 * a new function, so memos and effects that list it see the new texts.
 */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const version = useSyncExternalStore(i18n.subscribe, i18n.getVersion, i18n.getVersion);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` stands for the texts and language `t` reads
  return useMemo(() => ({ t: (key, options) => i18n.t(key, options), i18n }), [version]);
}
