import { useEffect, useRef } from 'react';
import type { DisplayState } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { lineQuantity, money } from '../lib/format.ts';
import { Totals } from './totals.tsx';

/**
 * A sale and its payment: the lines (newest kept in view) and the totals; landscape puts them side
 * by side, portrait stacks them (display.css).
 */
export function SaleView({ state, locale }: { state: DisplayState; locale: string }) {
  const { t } = useTranslation();
  const list = useRef<HTMLOListElement>(null);
  const last = state.lines.at(-1);
  const hasLines = state.lines.length > 0; // the list element exists
  // The counter adds a line at the end: scrolled there, the customer sees what was just rung up.
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [state.lines.length, last?.quantity, last?.total]);
  // …and still when the list gets shorter (the waiting banner, a turned screen).
  useEffect(() => {
    const el = list.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => (el.scrollTop = el.scrollHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasLines]);

  return (
    <div className="cd-sale">
      <section className="cd-lines-panel" aria-label={t('display.items', { count: state.itemCount })}>
        {state.lines.length === 0 ? (
          <p className="cd-empty">{t('display.emptySale')}</p>
        ) : (
          <ol className="cd-lines" ref={list}>
            {state.lines.map((line, i) => (
              <li key={i} className="cd-line" data-newest={i === state.lines.length - 1 || undefined}>
                <span className="cd-line-name">{line.name}</span>
                <span className="cd-line-total">{money(line.total, state.currency)}</span>
                <span className="cd-line-qty">{lineQuantity(line, state.currency)}</span>
                {line.discount > 0 && (
                  <span className="cd-line-discount">
                    {t('display.lineDiscount', { amount: `−${money(line.discount, state.currency)}` })}
                  </span>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
      <Totals state={state} locale={locale} />
    </div>
  );
}
