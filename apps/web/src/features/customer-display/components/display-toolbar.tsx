import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { DisplayTheme } from '../lib/display-prefs.ts';

function useFullscreen() {
  const [on, setOn] = useState(() => typeof document !== 'undefined' && document.fullscreenElement !== null);
  useEffect(() => {
    const change = () => setOn(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', change);
    return () => document.removeEventListener('fullscreenchange', change);
  }, []);
  const toggle = () => {
    const done = on ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    done.catch(() => undefined); // refused (not from a tap, or not allowed): nothing to show
  };
  return { supported: typeof document !== 'undefined' && document.fullscreenEnabled === true, on, toggle };
}

/** The display's only controls, small in a corner: the customer's language, light or dark, full screen. */
export function DisplayToolbar(props: {
  locale: string;
  onLocale: () => void;
  theme: DisplayTheme;
  onTheme: () => void;
}) {
  const { t } = useTranslation();
  const fullscreen = useFullscreen();
  return (
    <div className="cd-tools">
      <button type="button" className="cd-tool" onClick={props.onLocale} lang={props.locale === 'ja-JP' ? 'en' : 'ja'}>
        {props.locale === 'ja-JP' ? 'English' : '日本語'}
      </button>
      <button
        type="button"
        className="cd-tool"
        onClick={props.onTheme}
        aria-label={t(props.theme === 'dark' ? 'display.themeLight' : 'display.themeDark')}
        title={t(props.theme === 'dark' ? 'display.themeLight' : 'display.themeDark')}
      >
        {props.theme === 'dark' ? '☀' : '☾'}
      </button>
      {fullscreen.supported && (
        <button
          type="button"
          className="cd-tool"
          onClick={fullscreen.toggle}
          aria-label={t(fullscreen.on ? 'display.exitFullscreen' : 'display.fullscreen')}
          title={t(fullscreen.on ? 'display.exitFullscreen' : 'display.fullscreen')}
        >
          {fullscreen.on ? '⤡' : '⤢'}
        </button>
      )}
    </div>
  );
}
