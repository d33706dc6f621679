import type { DisplayStore } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { useDisplayLocale, useDisplayTheme, useWakeLock } from '../lib/display-prefs.ts';
import type { DisplayView } from '../lib/display-view.ts';
import { DisplayToolbar } from './display-toolbar.tsx';
import { PaidView } from './paid-view.tsx';
import { SaleView } from './sale-view.tsx';
import '../display.css';
import '../lib/display-texts.ts';

function Idle({ store }: { store: DisplayStore }) {
  const { t } = useTranslation();
  return (
    <div className="cd-idle">
      {store.logoUrl && <img className="cd-logo" src={store.logoUrl} alt="" />}
      <h1 className="cd-store">{store.name}</h1>
      <p className="cd-welcome">{t('display.welcome')}</p>
    </div>
  );
}

function Message({ title, help }: { title: string; help?: string }) {
  return (
    <div className="cd-message">
      <h1>{title}</h1>
      {help && <p>{help}</p>}
    </div>
  );
}

/**
 * The customer display, whichever source feeds it (a paired device's server stream, or the
 * counter's second window): idle, sale, payment, paid; a calm banner while the source is quiet; a
 * screen of its own once unpaired. `mailToken`: a paired display's token, which offers the receipt
 * by mail.
 */
export function DisplayScreen({ view, mailToken }: { view: DisplayView; mailToken?: string }) {
  const { t } = useTranslation();
  const { state, store } = view;
  const { locale, toggle } = useDisplayLocale(state, store);
  const theme = useDisplayTheme();
  useWakeLock();

  let body;
  if (view.unpaired) body = <Message title={t('display.unpairedTitle')} help={t('display.unpairedHelp')} />;
  else if (!store) body = <Message title={t('display.waitingFirst')} />;
  else if (!state || state.phase === 'idle') body = <Idle store={store} />;
  else if (state.phase === 'paid') body = <PaidView state={state} locale={locale} mailToken={mailToken} />;
  else body = <SaleView state={state} locale={locale} />;

  const waiting = view.connection === 'waiting' && store !== null && !view.unpaired;
  return (
    <div className="cd" data-theme={theme.theme} data-phase={view.unpaired ? 'unpaired' : (state?.phase ?? 'idle')}>
      <header className="cd-bar">
        <span className="cd-bar-store">{state && state.phase !== 'idle' ? store?.name : ''}</span>
        <DisplayToolbar locale={locale} onLocale={toggle} theme={theme.theme} onTheme={theme.toggle} />
      </header>
      {waiting && (
        <div className="cd-banner" role="status">
          <strong>{t('display.waiting')}</strong> <span>{t('display.waitingHelp')}</span>
        </div>
      )}
      <main className="cd-main">{body}</main>
    </div>
  );
}
