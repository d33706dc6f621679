import { describe, expect, it } from 'vitest';
import enUS from '../../locales/en-US.json';
import jaJP from '../../locales/ja-JP.json';
import { LATER_TEXTS, PUBLIC_KEYS, PUBLIC_TEXTS } from '../../../build-tools/split-texts.ts';
import { keysOutside } from '../../../build-tools/texts-in-chunks.ts';

/** The value at a dotted key of a locale file (undefined when a name is missing). */
function at(texts: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, name) => (node as Record<string, unknown> | undefined)?.[name], texts);
}

describe("the public screens' texts (build-tools/split-texts.ts)", () => {
  it('are later namespaces the English file has, so sign-up, forgot password and confirm load a part of the later texts', () => {
    for (const ns of PUBLIC_TEXTS) {
      expect(LATER_TEXTS).toContain(ns);
      expect(Object.keys(enUS)).toContain(ns);
    }
  });

  it("hold the sign-up's check-your-email screen and password meter, which show after the first render", () => {
    expect(PUBLIC_TEXTS).toEqual(expect.arrayContaining(['signUp', 'checkEmail', 'strength', 'forgot', 'confirm']));
  });

  it('name keys of other later namespaces that English and Japanese have', () => {
    for (const key of PUBLIC_KEYS) {
      expect(LATER_TEXTS, key).toContain(key.split('.')[0]);
      expect(PUBLIC_TEXTS, key).not.toContain(key.split('.')[0]);
      expect(at(enUS, key), key).toBeDefined();
      expect(at(jaJP, key), key).toBeDefined();
    }
  });
});

describe('keysOutside (build-tools/texts-in-chunks.ts), the check of a part against its chunks', () => {
  const code = `t("signUp.title");t('stores.urlNameFixed');t(\`stores.plan.\${x}\`);t("profile.title")`;

  it('names the keys of later namespaces the part holds neither whole nor by key', () => {
    expect(keysOutside(code, ['signUp', 'stores', 'profile'], ['signUp'], ['stores.urlNameFixed'])).toEqual([
      'stores.plan.',
      'profile.title',
    ]);
  });

  it('takes a group the part holds as holding its texts and a dynamic key under it', () => {
    expect(keysOutside(code, ['signUp', 'stores', 'profile'], ['signUp'], ['stores', 'profile.title'])).toEqual([]);
  });
});
