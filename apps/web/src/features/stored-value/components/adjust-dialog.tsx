import { useRef, useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { AdjustCardBodySchema, parseMoney, type CurrencyCode, type StoredValueAccount } from '@shopdesk/shared';
import { notifications } from '../../../lib/notifications.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { moneyErrorText } from '../../../lib/money-error.ts';
import { AttemptId } from '../../../lib/attempt-id.ts';
import { useStoredValueFormat } from '../../../lib/stored-value-format.ts';
import { AmountField } from '../../../components/amount-field.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';
import { useAdjustAccount } from '../api/adjust-account.ts';
import { isLedgerRefusal, storedValueErrorText } from '../lib/error-text.ts';

type Direction = 'add' | 'remove';

/** The typed amount in minor units, or null while it is not one (empty, a letter, too many decimals). */
function typedMinor(text: string, currency: CurrencyCode): number | null {
  try {
    return text.trim() ? parseMoney(text, currency) : null;
  } catch {
    return null;
  }
}

/**
 * The owner's correction of a card's balance (a mistake at the counter, goodwill), added or taken
 * off, with the reason the audit log keeps. Never below zero: the balance after shows before saving
 * and the server refuses it too. One clientId per attempt: "Adjust" again after a lost answer writes
 * one entry, not two.
 */
export function AdjustDialog({
  store,
  account,
  opened,
  onClose,
}: {
  store: string;
  account: StoredValueAccount;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)');
  const lock = useWriteLock();
  const fmt = useStoredValueFormat();
  const adjust = useAdjustAccount(store, account.code);
  const attempt = useRef(new AttemptId());
  const currency = account.currency as CurrencyCode;
  const [direction, setDirection] = useState<Direction>('add');
  const [formError, setFormError] = useState<string>();
  const form = useZodForm({
    initialValues: { amount: '', reason: '' },
    schema: AdjustCardBodySchema,
    prepare: (v, fail) => {
      let minor = 0;
      try {
        minor = parseMoney(v.amount, currency);
        if (minor === 0) fail('amount', t('giftCards.adjust.zero'));
      } catch (error) {
        fail('amount', moneyErrorText(t, error, currency));
      }
      const amount = direction === 'add' ? minor : -minor;
      if (account.balance + amount < 0)
        fail('amount', t('giftCards.adjust.belowZero', { balance: fmt.money(account.balance, currency) }));
      const reason = v.reason.trim();
      return { clientId: attempt.current.idFor(JSON.stringify([amount, reason])), amount, reason };
    },
  });
  const typed = typedMinor(form.values.amount, currency);
  const after = typed === null ? null : account.balance + (direction === 'add' ? typed : -typed);
  const close = () => {
    form.setValues({ amount: '', reason: '' });
    form.setErrors({});
    setDirection('add');
    setFormError(undefined);
    onClose();
  };

  const submit = form.onSubmit(async (body) => {
    setFormError(undefined);
    try {
      const saved = await adjust.mutateAsync(body);
      attempt.current.finish();
      notifications.show({
        color: 'teal',
        message: t('giftCards.adjust.saved', { balance: fmt.money(saved.account.balance, currency) }),
      });
      close();
    } catch (error) {
      if (isLedgerRefusal(error) || Object.keys(form.showApiErrors(error)).length === 0)
        setFormError(storedValueErrorText(t, error));
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('giftCards.adjust.title')}
      fullScreen={phone}
      radius="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 800, fontSize: 20 } }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>{t('giftCards.adjust.balance', { balance: fmt.money(account.balance, currency) })}</Text>
          {formError && <FormError>{formError}</FormError>}
          <SegmentedControl
            aria-label={t('giftCards.adjust.direction')}
            value={direction}
            onChange={(v) => setDirection(v as Direction)}
            data={[
              { value: 'add', label: t('giftCards.adjust.add') },
              { value: 'remove', label: t('giftCards.adjust.remove') },
            ]}
            fullWidth
          />
          <AmountField
            currency={currency}
            label={t('giftCards.adjust.amount')}
            data-autofocus
            value={form.values.amount}
            onChange={(v) => form.setValue('amount', v)}
            error={form.errors.amount}
          />
          <TextInput
            label={t('giftCards.adjust.reason')}
            description={t('giftCards.adjust.reasonHelp')}
            {...form.text('reason')}
          />
          <Text fz="sm" c="dimmed" aria-live="polite" data-testid="sv-adjust-after">
            {after !== null && after >= 0
              ? t('giftCards.adjust.after', { balance: fmt.money(after, currency) })
              : '\u00a0'}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={adjust.isPending} {...lock}>
              {t('giftCards.adjust.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
