import { describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import ja from '../../locales/ja-JP.json';
import jaMessages from '../../locales/ja-JP.messages.json';
import type { Texts } from './types.ts';

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every text of a locale file by its dotted key. */
function flatten(texts: Texts, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of Object.entries(texts)) {
    if (typeof value === 'string') out.set(prefix + name, value);
    else for (const [key, text] of flatten(value, `${prefix}${name}.`)) out.set(key, text);
  }
  return out;
}

const LOCALES: Array<[string, Map<string, string>]> = [
  ['en-US', flatten(en as Texts)],
  ['ja-JP', flatten(ja as Texts)],
];

/**
 * The locale files keep i18next's format, but lib/i18n implements only the part of it they use:
 * these tests fail when a text starts needing more (or when a language misses texts).
 */
describe('locale files', () => {
  it.each(LOCALES)('%s uses only nested names without dots and plain {{variables}}', (_, texts) => {
    for (const [key, text] of texts) {
      expect(
        key.split('.').every((name) => name !== ''),
        key,
      ).toBe(true);
      expect(text, key).not.toMatch(/\$t\(/); // nesting
      for (const [, inner] of text.matchAll(/{{(.*?)}}/g)) expect(inner, key).toMatch(/^[A-Za-z]\w*$/); // formats, {{- x}}
    }
    for (const [english, japanese] of Object.entries(jaMessages)) {
      expect(`${english}${japanese}`).not.toMatch(/{{|\$t\(/);
    }
  });

  it.each(LOCALES)("%s has every plural form of the language's rules for each counted text", (locale, texts) => {
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    const counted = new Set([...texts.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
    expect(counted.size).toBeGreaterThan(0);
    for (const key of counted) {
      for (const category of categories) expect(texts.has(`${key}_${category}`), `${key}_${category}`).toBe(true);
    }
  });

  it('gives Japanese a text for every English one', () => {
    const base = (texts: Map<string, string>) => new Set([...texts.keys()].map((k) => k.replace(PLURAL, '')));
    const [english, japanese] = LOCALES.map(([, texts]) => base(texts));
    expect([...english!].filter((key) => !japanese!.has(key))).toEqual([]);
    expect([...japanese!].filter((key) => !english!.has(key))).toEqual([]);
  });

  it('says one Japanese word per concept: 店舗 (never ストア), マネージャー (never 店長)', () => {
    const japanese = [...LOCALES[1]![1].entries(), ...Object.entries(jaMessages)];
    // インストア is the name of the in-store label code (インストアマーキング), not a store.
    const strays = japanese.filter(([, text]) => /(?<!イン)ストア|店長/.test(text)).map(([key]) => key);
    expect(strays).toEqual([]);
  });
});
