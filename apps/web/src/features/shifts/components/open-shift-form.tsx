import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { CurrencyCode } from '@shopdesk/shared';
import { describeError } from '../../../lib/describe-error.ts';
import { FormError } from '../../../components/form-error.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';
import { useOpenShift } from '../api/open-shift.ts';
import { AmountField } from '../../../components/amount-field.tsx';
import { readAmount } from '../lib/read-amount.ts';

/** Opening a shift: the cash in the drawer now (the float), per currency of the till. */
export function OpenShiftForm({ store, currencies }: { store: string; currencies: CurrencyCode[] }) {
  const { t } = useTranslation();
  const lock = useWriteLock();
  const open = useOpenShift(store);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const wrong: Record<string, string> = {};
    const float = currencies.map((currency) => {
      const amount = readAmount(texts[currency] ?? '', currency, true);
      if (amount === null) wrong[currency] = t('shifts.amountInvalid');
      return { currency, amount: amount ?? 0 };
    });
    setErrors(wrong);
    if (Object.keys(wrong).length === 0) open.mutate({ float });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t('shifts.openIntro')}
        </Text>
        {open.isError && <FormError>{describeError(t, open.error)}</FormError>}
        {currencies.map((currency) => (
          <AmountField
            key={currency}
            currency={currency}
            label={t('shifts.floatLabel', { currency })}
            value={texts[currency] ?? ''}
            onChange={(v) => setTexts((s) => ({ ...s, [currency]: v }))}
            error={errors[currency]}
            maw={260}
          />
        ))}
        <Button type="submit" loading={open.isPending} {...lock} style={{ alignSelf: 'flex-start' }}>
          {t('shifts.open')}
        </Button>
      </Stack>
    </form>
  );
}
