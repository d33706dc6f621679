import { describe, expect, it } from 'vitest';
import { urlNameSchema } from '@shopdesk/shared';
import { suggestUrlName } from './url-name.ts';
import { passwordStrength } from './password-strength.ts';
import { storeSegment } from './store-segment.ts';

describe('suggestUrlName', () => {
  it('makes a valid URL name from a store name', () => {
    expect(suggestUrlName("Ann's Café & Bar")).toBe('ann-s-cafe-and-bar');
    expect(suggestUrlName('  --Corner   Shop--  ')).toBe('corner-shop');
    expect(urlNameSchema.safeParse(suggestUrlName('Tokyo Store 2')).success).toBe(true);
  });
  it('keeps within 32 characters without a trailing hyphen', () => {
    const s = suggestUrlName('a very long store name that goes on and on');
    expect(s.length).toBeLessThanOrEqual(32);
    expect(s.endsWith('-')).toBe(false);
  });
  // A Japanese store name must not leave the URL name empty, refused as under 3 characters.
  it('romanises kana', () => {
    expect(suggestUrlName('さくらカフェ')).toBe('sakurakafe');
    expect(suggestUrlName('きっさ ちゃっと')).toBe('kissa-chatto');
    expect(suggestUrlName('ティーショップ まっちゃ')).toBe('tishoppu-matcha');
    expect(suggestUrlName('ｶﾌｪ Tokyo')).toBe('kafe-tokyo');
  });
  it('suggests a valid, stable store- name for a name without a reading (kanji)', () => {
    const suggested = suggestUrlName('東京商店');
    expect(suggested).toMatch(/^store-[a-z2-9]{6}$/);
    expect(urlNameSchema.safeParse(suggested).success).toBe(true);
    expect(suggestUrlName('東京商店')).toBe(suggested);
    expect(suggestUrlName('大阪商店')).not.toBe(suggested);
    expect(suggestUrlName('東京ストア')).toBe('sutoa');
    expect(suggestUrlName('')).toBe('');
  });
});

describe('passwordStrength', () => {
  it('rates short passwords 0 and long varied ones high', () => {
    expect(passwordStrength('abc')).toBe(0);
    expect(passwordStrength('abcdefgh')).toBe(1);
    expect(passwordStrength('aaaaaaaaaaaaaaaaaa')).toBe(1);
    expect(passwordStrength('Correct-Horse-9-Battery')).toBe(4);
  });
});

describe('storeSegment', () => {
  it('takes the first path segment unless it is a screen of its own', () => {
    expect(storeSegment('/corner-shop/profile')).toBe('corner-shop');
    expect(storeSegment('/auth')).toBeNull();
    expect(storeSegment('/signUp')).toBeNull();
    expect(storeSegment('/')).toBeNull();
  });
});
