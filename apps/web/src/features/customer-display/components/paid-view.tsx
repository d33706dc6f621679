import type { DisplayState } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { money } from '../lib/format.ts';
import { MailForm } from './mail-form.tsx';
import { ReceiptQr } from './receipt-qr.tsx';

/**
 * After payment: thank you, what was tendered, the change in big type, the receipt's QR and (on a
 * paired display, `mailToken`) the receipt by mail. A second window offers no mail: the cashier
 * mails from the counter.
 */
export function PaidView({ state, locale, mailToken }: { state: DisplayState; locale: string; mailToken?: string }) {
  const { t } = useTranslation();
  const change = state.payment?.change;
  const receipt = state.receipt;
  return (
    <div className="cd-paid" data-has-receipt={receipt ? true : undefined}>
      <section className="cd-paid-main">
        <h1 className="cd-thanks">{t('display.thankYou')}</h1>
        <dl className="cd-sums">
          <div className="cd-row">
            <dt>{t('display.total')}</dt>
            <dd>{money(state.total, state.currency)}</dd>
          </div>
          {state.payment?.tendered.map((tender, i) => (
            <div className="cd-row" key={i}>
              <dt>{`${t('display.tendered')} · ${tender.label}`}</dt>
              <dd>{money(tender.amount, tender.currency)}</dd>
            </div>
          ))}
        </dl>
        {change && (
          <div className="cd-total cd-change" data-testid="display-change">
            <span className="cd-total-label">{t('display.change')}</span>
            <span className="cd-total-amount">{money(change.amount, change.currency)}</span>
          </div>
        )}
      </section>
      {receipt && (
        <section className="cd-receipt">
          <ReceiptQr code={receipt.code} />
          {mailToken && (
            <MailForm key={receipt.code} token={mailToken} locale={locale} canKeep={state.points !== null} />
          )}
        </section>
      )}
    </div>
  );
}
