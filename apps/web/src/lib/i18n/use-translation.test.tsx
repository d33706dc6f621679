import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { I18n, i18n } from './instance.ts';
import { useTranslation } from './use-translation.ts';

function Label({ seen }: { seen: string[] }) {
  const { t, i18n: instance } = useTranslation();
  // An effect listing `t` runs again when the texts or the language change.
  useEffect(() => {
    seen.push(t('probe.title'));
  }, [t, seen]);
  return (
    <p>
      {t('probe.title')} ({instance.language})
    </p>
  );
}

describe('useTranslation', () => {
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('en-US');
  });

  it('renders again when texts arrive and when the language changes', async () => {
    const seen: string[] = [];
    render(<Label seen={seen} />);
    expect(screen.getByText('probe.title (en-US)')).toBeTruthy();
    act(() => i18n.addResourceBundle('en-US', 'translation', { probe: { title: 'Title' } }, true, true));
    expect(screen.getByText('Title (en-US)')).toBeTruthy();
    act(() => i18n.addResourceBundle('xx-XX', 'translation', { probe: { title: 'Titre' } }));
    await act(() => i18n.changeLanguage('xx-XX'));
    expect(screen.getByText('Titre (xx-XX)')).toBeTruthy();
    expect(seen).toEqual(['probe.title', 'Title', 'Titre']);
  });
});

describe('I18n', () => {
  it('translates outside React, falls back to its fallback language and tells listeners of changes', async () => {
    const instance = new I18n('en-US', 'en-US');
    const heard: number[] = [];
    const stop = instance.subscribe(() => heard.push(instance.getVersion()));
    instance.addResourceBundle('en-US', 'translation', { a: 'A', b: 'B' });
    instance.addResourceBundle('ja-JP', 'translation', { a: 'エー' });
    expect(instance.hasResourceBundle('ja-JP', 'translation')).toBe(true);
    expect(instance.hasResourceBundle('ja-JP', 'messages')).toBe(false);
    await instance.changeLanguage('ja-JP');
    await instance.changeLanguage('ja-JP');
    expect(instance.language).toBe('ja-JP');
    expect(instance.t('a')).toBe('エー');
    expect(instance.t('b')).toBe('B');
    stop();
    await instance.changeLanguage('en-US');
    expect(heard).toEqual([1, 2]); // English texts, then Japanese; not the Japanese texts alone
  });
});
