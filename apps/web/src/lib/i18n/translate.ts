import { interpolate } from './interpolate.ts';
import type { ResourceStore } from './resources.ts';
import type { TOptions } from './types.ts';

const pluralRules = new Map<string, Intl.PluralRules>();

/** The CLDR plural category of `count` in `lng` ('one', 'other'…; Japanese has only 'other'). */
export function pluralCategory(lng: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(lng);
  if (!rules) pluralRules.set(lng, (rules = new Intl.PluralRules(lng)));
  return rules.select(count);
}

/**
 * The keys to try in `lng`, most specific first. These are i18next's rules, so the locale files keep
 * their format: with a numeric `count`, `key_zero` (count 0 only), then `key_<plural category>`, then `key`.
 */
function candidates(lng: string, key: string, count: unknown): string[] {
  if (typeof count !== 'number') return [key];
  return [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralCategory(lng, count)}`, key];
}

/**
 * The text of `key` in the first of `languages` that has it, interpolated with `options`; else
 * `defaultValue`, else the key itself (both interpolated too, as i18next did).
 */
export function translate(
  store: ResourceStore,
  languages: readonly string[],
  key: string,
  options: TOptions = {},
): string {
  const ns = options.ns ?? 'translation';
  for (const lng of languages) {
    for (const candidate of candidates(lng, key, options.count)) {
      const found = store.get(lng, ns, candidate, options.keySeparator);
      if (typeof found === 'string') return interpolate(found, options);
      // A key naming a group of texts is a mistake in the code: it shows the key, like a missing text.
      if (found !== undefined && found !== null) return interpolate(options.defaultValue ?? key, options);
    }
  }
  return interpolate(options.defaultValue ?? key, options);
}
