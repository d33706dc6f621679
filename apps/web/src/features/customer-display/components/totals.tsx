import type { DisplayState } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { money, ratePercent } from '../lib/format.ts';

function Row({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={`cd-row ${className ?? ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * The sale's sums: item count, the cart's and the points' discounts, tax per rate (included in the
 * prices, or added to them), the total in huge type and in the second currency; at payment, the
 * total to pay and what was tendered so far.
 */
export function Totals({ state, locale }: { state: DisplayState; locale: string }) {
  const { t } = useTranslation();
  const c = state.currency;
  const paying = state.phase === 'payment';
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);
  return (
    <section className="cd-totals" aria-label={t('display.total')}>
      <dl className="cd-sums">
        <Row label={t('display.items', { count: state.itemCount })} value="" className="cd-count" />
        {state.cartDiscount > 0 && <Row label={t('display.cartDiscount')} value={`−${money(state.cartDiscount, c)}`} />}
        {state.pointsDiscount > 0 && (
          <Row label={t('display.pointsDiscount')} value={`−${money(state.pointsDiscount, c)}`} />
        )}
        {state.taxMode !== 'NONE' &&
          state.taxes.map((tax) => (
            <Row
              key={tax.rate}
              label={t(state.taxMode === 'INCLUSIVE' ? 'display.taxIncluded' : 'display.taxAdded', {
                rate: ratePercent(tax.rate, locale),
              })}
              value={state.taxMode === 'INCLUSIVE' ? money(tax.tax, c) : `+${money(tax.tax, c)}`}
            />
          ))}
      </dl>
      <div className="cd-total" data-testid="display-total">
        <span className="cd-total-label">{t(paying ? 'display.toPay' : 'display.total')}</span>
        <span className="cd-total-amount">{money(state.total, c)}</span>
        {state.second && <span className="cd-second">≈ {money(state.second.total, state.second.currency)}</span>}
      </div>
      {paying && state.payment && state.payment.tendered.length > 0 && (
        <dl className="cd-sums cd-tendered">
          {state.payment.tendered.map((tender, i) => (
            <Row
              key={i}
              label={`${t('display.tendered')} · ${tender.label}`}
              value={money(tender.amount, tender.currency)}
            />
          ))}
        </dl>
      )}
      {state.points && (state.points.earned > 0 || state.points.balance !== null) && (
        <p className="cd-points">
          {state.points.earned > 0 && <span>{t('display.pointsEarned', { points: count(state.points.earned) })}</span>}
          {state.points.balance !== null && (
            <span>{t('display.pointsBalance', { points: count(state.points.balance) })}</span>
          )}
        </p>
      )}
    </section>
  );
}
