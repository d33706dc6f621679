import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { SupportedLocale } from '@shopdesk/shared';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { useOnline } from '../../lib/connectivity.ts';
import { ApiRequestError, NetworkError } from '../../lib/api-error.ts';
import { apiFieldErrors, describeError, translateMessage } from '../../lib/describe-error.ts';
import { mailReceipt, receiptMailTarget, type ReceiptMailTarget } from './receipt-mail-api.ts';

/** A plain shape check before the call; the server's emailSchema decides. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Language = 'store' | SupportedLocale;

/**
 * "Email receipt": the address (the sale's customer's when the member may see it), "keep this
 * address" only for a sale with a customer, and the language (the store's unless the customer
 * asks). Says plainly what happened: sent, too many mails (the server's sentence), or no connection.
 */
export function ReceiptMailForm({ code, onClose }: { code: string; onClose: () => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  const [target, setTarget] = useState<ReceiptMailTarget | null>(null);
  const [email, setEmail] = useState('');
  const [keep, setKeep] = useState(false);
  const [language, setLanguage] = useState<Language>('store');
  const [sending, setSending] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    receiptMailTarget(code, abort.signal).then(
      (found) => {
        setTarget(found);
        // Prefill only a field the cashier has not started typing in.
        if (found.email) setEmail((typed) => typed || found.email);
      },
      () => setTarget({ hasCustomer: false, email: '' }),
    );
    return () => abort.abort();
  }, [code]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setSentTo(null);
    const address = email.trim();
    if (!LOOKS_LIKE_EMAIL.test(address)) {
      setFieldError(t('receiptMail.invalid'));
      return;
    }
    setFieldError(null);
    if (!online) {
      setFailure(t('receiptMail.offline'));
      return;
    }
    setSending(true);
    try {
      await mailReceipt(code, {
        email: address,
        ...(language === 'store' ? {} : { locale: language }),
        ...(target?.hasCustomer && keep ? { keepAddress: true } : {}),
      });
      setSentTo(address);
    } catch (e) {
      if (e instanceof NetworkError) setFailure(t('receiptMail.offline'));
      else if (e instanceof ApiRequestError && e.status === 400 && apiFieldErrors(t, e).email)
        setFieldError(apiFieldErrors(t, e).email!);
      // A 429 says which limit it met (this counter, this address, the store): its own sentence.
      else if (e instanceof ApiRequestError && e.status === 429 && e.apiError)
        setFailure(translateMessage(t, e.apiError.message));
      else setFailure(describeError(t, e));
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        {!online && (
          <Alert color="orange" role="status">
            {t('receiptMail.offline')}
          </Alert>
        )}
        <TextInput
          label={t('receiptMail.address')}
          type="email"
          inputMode="email"
          autoComplete="off"
          value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            setSentTo(null);
          }}
          error={fieldError}
          data-autofocus
          required
        />
        {target?.hasCustomer && (
          <Checkbox label={t('receiptMail.keep')} checked={keep} onChange={(e) => setKeep(e.currentTarget.checked)} />
        )}
        <div>
          <Text component="label" fz="sm" fw={500} id="receipt-mail-language" display="block" mb={4}>
            {t('receiptMail.language')}
          </Text>
          <SegmentedControl
            aria-labelledby="receipt-mail-language"
            fullWidth
            value={language}
            onChange={(v) => setLanguage(v as Language)}
            data={[
              { value: 'store', label: t('receiptMail.storeLanguage') },
              { value: 'en-US', label: 'English' },
              { value: 'ja-JP', label: '日本語' },
            ]}
          />
        </div>
        {failure && (
          <Alert color="red" role="alert" title={t('receiptMail.failed')}>
            {failure}
          </Alert>
        )}
        {sentTo && (
          <Alert color="teal" role="status">
            {t('receiptMail.sent', { email: sentTo })}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          <Button type="submit" loading={sending} disabled={!online}>
            {t('receiptMail.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
