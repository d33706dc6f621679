import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { CURRENCIES, type CurrencyCode, type PaymentContext } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { PaymentRateInfo } from './payment-types.ts';

/** Main or second currency for the entry, with the rate in use (or why the second is off). */
export function CurrencySwitch({
  context,
  currency,
  rateInfo,
  phone,
  busy,
  onChoose,
}: {
  context: PaymentContext;
  currency: CurrencyCode;
  rateInfo: PaymentRateInfo | null;
  phone: boolean;
  busy: boolean;
  onChoose(code: CurrencyCode): void;
}) {
  const { t } = useTranslation();
  const second = context.secondCurrency;
  if (!second) return null;
  const canSecond = Boolean(context.rate);
  return (
    <Stack gap={4}>
      <SegmentedControl
        fullWidth
        size={phone ? 'lg' : 'md'}
        value={currency}
        disabled={busy}
        onChange={(v) => onChoose(v as CurrencyCode)}
        data={[
          {
            value: context.mainCurrency,
            label: `${CURRENCIES[context.mainCurrency].sign} ${context.mainCurrency}`,
          },
          { value: second, label: `${CURRENCIES[second].sign} ${second}`, disabled: !canSecond },
        ]}
        aria-label={t('payment.currencyLabel')}
      />
      {!canSecond ? (
        <Text size="sm" c="dimmed">
          {t('payment.noRate', { currency: second })}
        </Text>
      ) : rateInfo ? (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('payment.rate', {
              main: context.mainCurrency,
              second,
              rate: rateInfo.rate,
              date: rateInfo.date,
              source: rateInfo.source,
            })}
          </Text>
          {rateInfo.stale ? (
            <Text size="sm" c="orange.8" fw={600}>
              {t('payment.staleRate')}
            </Text>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
