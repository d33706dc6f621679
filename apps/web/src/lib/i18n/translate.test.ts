import { describe, expect, it } from 'vitest';
import { interpolate } from './interpolate.ts';
import { ResourceStore } from './resources.ts';
import { pluralCategory, translate } from './translate.ts';

function store(): ResourceStore {
  const s = new ResourceStore();
  s.add('en-US', 'translation', {
    common: { close: 'Close', hello: 'Hello {{name}}' },
    sales: { items_one: '{{count}} item', items_other: '{{count}} items', only: 'Only {{count}}' },
    cargo: { none_zero: 'Nothing', none_one: 'One', none_other: '{{count}} things' },
    enOnly: 'English only {{count}}',
    group: { a: 'A' },
  });
  s.add('ja-JP', 'translation', {
    common: { close: '閉じる' },
    sales: { items_other: '{{count}} 点' },
  });
  s.add('ja-JP', 'messages', { 'Name is required.': '名前は必須です', 'code:QUOTA': '上限です' });
  return s;
}
const EN = ['en-US'];
const JA = ['ja-JP', 'en-US'];

describe('translate', () => {
  it('looks in the language, then in the fallback, then gives the key', () => {
    const s = store();
    expect(translate(s, EN, 'common.close')).toBe('Close');
    expect(translate(s, JA, 'common.close')).toBe('閉じる');
    expect(translate(s, JA, 'common.hello', { name: 'Ann' })).toBe('Hello Ann');
    expect(translate(s, JA, 'common.missing')).toBe('common.missing');
  });

  it('gives the default value (interpolated) before the key, and the fallback before the default', () => {
    const s = store();
    expect(translate(s, EN, 'counter.rateSource.ECB', { defaultValue: 'ECB' })).toBe('ECB');
    expect(translate(s, EN, 'missing', { defaultValue: '' })).toBe('');
    expect(translate(s, EN, 'missing', { defaultValue: 'Hi {{name}}', name: 'Bo' })).toBe('Hi Bo');
    expect(translate(s, JA, 'common.hello', { defaultValue: 'x', name: 'Ann' })).toBe('Hello Ann');
  });

  it('picks the plural form by the language of the text found (English one/other, Japanese other)', () => {
    const s = store();
    expect(translate(s, EN, 'sales.items', { count: 1 })).toBe('1 item');
    expect(translate(s, EN, 'sales.items', { count: 2 })).toBe('2 items');
    expect(translate(s, JA, 'sales.items', { count: 1 })).toBe('1 点');
    expect(translate(s, JA, 'sales.items', { count: 0 })).toBe('0 点');
    // No Japanese text: the English one, with English plural rules.
    expect(translate(s, JA, 'cargo.none', { count: 1 })).toBe('One');
    expect(translate(s, EN, 'cargo.none', { count: 0 })).toBe('Nothing');
    expect(translate(s, EN, 'cargo.none', { count: 5 })).toBe('5 things');
    // Without plural forms the plain key serves; a missing key is the key, with no suffix.
    expect(translate(s, EN, 'sales.only', { count: 3 })).toBe('Only 3');
    expect(translate(s, JA, 'enOnly', { count: 3 })).toBe('English only 3');
    expect(translate(s, EN, 'sales.nothing', { count: 3 })).toBe('sales.nothing');
  });

  it('reads a flat namespace by the whole sentence when asked to (server messages)', () => {
    const s = store();
    const flat = { ns: 'messages', keySeparator: false, nsSeparator: false } as const;
    expect(translate(s, JA, 'Name is required.', { ...flat, defaultValue: 'Name is required.' })).toBe(
      '名前は必須です',
    );
    expect(translate(s, JA, 'code:QUOTA', { ...flat, defaultValue: '' })).toBe('上限です');
    expect(translate(s, JA, 'code:OTHER', { ...flat, defaultValue: '' })).toBe('');
    expect(translate(s, EN, 'Name is required.', { ...flat, defaultValue: 'Name is required.' })).toBe(
      'Name is required.',
    );
  });

  it('shows the key for a key naming a group of texts', () => {
    expect(translate(store(), EN, 'group')).toBe('group');
  });
});

describe('interpolate', () => {
  it('fills variables without escaping, leaves unknown ones, empties given-but-undefined or null ones', () => {
    expect(interpolate('{{a}} & {{ b }}', { a: '<b>', b: 2 })).toBe('<b> & 2');
    expect(interpolate('{{a}} {{a}}', { a: 'x' })).toBe('x x');
    expect(interpolate('Hi {{name}}', {})).toBe('Hi {{name}}');
    expect(interpolate('Hi {{name}}!', { name: undefined })).toBe('Hi !');
    expect(interpolate('Hi {{name}}!', { name: null })).toBe('Hi !');
    expect(interpolate('{{a}}', { a: '{{b}}', b: 'no' })).toBe('{{b}}');
    expect(interpolate('{{a}}', { a: '$& $1' })).toBe('$& $1');
  });
});

describe('pluralCategory', () => {
  it('follows Intl.PluralRules', () => {
    expect(pluralCategory('en-US', 1)).toBe('one');
    expect(pluralCategory('en-US', 0)).toBe('other');
    expect(pluralCategory('ja-JP', 1)).toBe('other');
  });
});
