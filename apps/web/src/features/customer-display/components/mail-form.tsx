import { useState, type FormEvent } from 'react';
import type { ReceiptMailBody } from '@shopdesk/shared';
import { publicApi } from '../../../lib/api-client.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';

type Outcome = 'sent' | 'tooMany' | 'invalid' | 'failed';

const MESSAGES: Record<Outcome, string> = {
  sent: 'display.mailSent',
  tooMany: 'display.mailTooMany',
  invalid: 'display.mailInvalid',
  failed: 'display.mailFailed',
};

function outcomeOf(error: unknown): Outcome {
  if (error instanceof ApiRequestError && error.status === 429) return 'tooMany';
  if (error instanceof ApiRequestError && error.status === 400) return 'invalid';
  return 'failed';
}

/**
 * The receipt by mail, on a paired display: the customer types an address; "keep my address" is
 * offered only when a customer is on the sale (the server keeps it only then, and only if asked).
 * Sent in the display's language. The answer never says anything about the address itself.
 */
export function MailForm({ token, locale, canKeep }: { token: string; locale: string; canKeep: boolean }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [keepAddress, setKeep] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setOutcome(null);
    const body: ReceiptMailBody = { email: email.trim(), locale: locale as ReceiptMailBody['locale'] };
    if (canKeep && keepAddress) body.keepAddress = true;
    try {
      await publicApi.request(`/api/public/display/${encodeURIComponent(token)}/receipt-mail`, {
        method: 'POST',
        body,
      });
      setOutcome('sent');
    } catch (error) {
      setOutcome(outcomeOf(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="cd-mail" onSubmit={(e) => void submit(e)} noValidate={false}>
      <h2>{t('display.mailTitle')}</h2>
      <label className="cd-field">
        <span>{t('display.mailLabel')}</span>
        <input
          type="email"
          name="email"
          required
          maxLength={254}
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (outcome !== 'sent') setOutcome(null);
          }}
        />
      </label>
      {canKeep && (
        <label className="cd-check">
          <input type="checkbox" checked={keepAddress} onChange={(e) => setKeep(e.target.checked)} />
          <span>{t('display.mailKeep')}</span>
        </label>
      )}
      <button type="submit" className="cd-button" disabled={sending || outcome === 'sent'}>
        {t(sending ? 'display.mailSending' : 'display.mailSend')}
      </button>
      {outcome && (
        <p className="cd-mail-outcome" role={outcome === 'sent' ? 'status' : 'alert'} data-outcome={outcome}>
          {t(MESSAGES[outcome])}
        </p>
      )}
    </form>
  );
}
