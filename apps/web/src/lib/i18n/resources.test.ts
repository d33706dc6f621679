import { describe, expect, it } from 'vitest';
import { ResourceStore } from './resources.ts';

describe('ResourceStore', () => {
  it('finds texts by dotted path, or by the whole key without a separator', () => {
    const store = new ResourceStore();
    store.add('en-US', 'translation', { common: { close: 'Close', nested: { deep: 'Deep' } } });
    store.add('ja-JP', 'messages', { 'Email is required.': 'メールアドレスは必須です' });
    expect(store.get('en-US', 'translation', 'common.close')).toBe('Close');
    expect(store.get('en-US', 'translation', 'common.nested.deep')).toBe('Deep');
    expect(store.get('en-US', 'translation', 'common.nested')).toEqual({ deep: 'Deep' });
    expect(store.get('en-US', 'translation', 'common.missing')).toBeUndefined();
    expect(store.get('en-US', 'translation', 'common.close.more')).toBeUndefined();
    expect(store.get('en-US', 'translation', 'toString')).toBeUndefined();
    expect(store.get('ja-JP', 'messages', 'Email is required.', false)).toBe('メールアドレスは必須です');
    expect(store.get('ja-JP', 'messages', 'Email is required.')).toBeUndefined();
    expect(store.get('fr-FR', 'translation', 'common.close')).toBeUndefined();
  });

  it('knows which bundles it holds', () => {
    const store = new ResourceStore();
    store.add('ja-JP', 'translation', { a: 'あ' });
    expect(store.has('ja-JP', 'translation')).toBe(true);
    expect(store.has('ja-JP', 'messages')).toBe(false);
    expect(store.has('en-US', 'translation')).toBe(false);
  });

  it('adds a bundle over the namespace shallowly by default', () => {
    const store = new ResourceStore();
    store.add('en-US', 'translation', { legal: { title: 'Terms' }, common: { ok: 'OK' } });
    store.add('en-US', 'translation', { legal: { body: 'Text' } });
    expect(store.get('en-US', 'translation', 'legal.title')).toBeUndefined();
    expect(store.get('en-US', 'translation', 'legal.body')).toBe('Text');
    expect(store.get('en-US', 'translation', 'common.ok')).toBe('OK');
  });

  it('merges a deep bundle into the texts (the later English texts), overwriting only when asked', () => {
    const first = { legal: { title: 'Terms' }, common: { ok: 'OK' } };
    const store = new ResourceStore();
    store.add('en-US', 'translation', first);
    store.add('en-US', 'translation', { legal: { title: 'Terms of use', body: 'Text' } }, true, true);
    expect(store.get('en-US', 'translation', 'legal.title')).toBe('Terms of use');
    expect(store.get('en-US', 'translation', 'legal.body')).toBe('Text');
    expect(store.get('en-US', 'translation', 'common.ok')).toBe('OK');
    store.add('en-US', 'translation', { common: { ok: 'Fine', cancel: 'Cancel' } }, true, false);
    expect(store.get('en-US', 'translation', 'common.ok')).toBe('OK');
    expect(store.get('en-US', 'translation', 'common.cancel')).toBe('Cancel');
    // The imported JSON module's objects are left as they were.
    expect(first).toEqual({ legal: { title: 'Terms' }, common: { ok: 'OK' } });
  });
});
