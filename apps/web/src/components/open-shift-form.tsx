import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from '../lib/i18n/use-translation.ts';
import type { CurrencyCode, ShiftReport } from '@shopdesk/shared';
import { describeError } from '../lib/describe-error.ts';
import { useOpenShift } from '../lib/current-shift.ts';
import { readAmount } from '../lib/read-amount.ts';
import { amountExample } from '../lib/amount-example.ts';
import { FormError } from './form-error.tsx';
import { useWriteLock } from './offline-banner.tsx';
import { AmountField } from './amount-field.tsx';
import { useTillApproval } from './till/use-till-approval.tsx';

/**
 * Opening a shift: the cash in the drawer now (the float), per currency of the till. On the shift
 * screen, and at the counter before the first sale.
 */
export function OpenShiftForm({
  store,
  currencies,
  onOpened,
}: {
  store: string;
  currencies: CurrencyCode[];
  onOpened?: (shift: ShiftReport) => void;
}) {
  const { t } = useTranslation();
  const lock = useWriteLock();
  const open = useOpenShift(store);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  // On a till whose member may not open shifts, a member who may approves with their PIN.
  const approval = useTillApproval(store);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const wrong: Record<string, string> = {};
    const float = currencies.map((currency) => {
      const amount = readAmount(texts[currency] ?? '', currency, true);
      if (amount === null) wrong[currency] = t('shifts.amountInvalid', { example: amountExample(currency, 10_000) });
      return { currency, amount: amount ?? 0 };
    });
    setErrors(wrong);
    if (Object.keys(wrong).length > 0) return;
    approval.withApproval({ permission: 'SHIFTS' }, (given) =>
      open.mutate({ float, ...(given ? { approval: given } : {}) }, { onSuccess: (shift) => onOpened?.(shift) }),
    );
  };

  return (
    <>
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
      {approval.dialog}
    </>
  );
}
