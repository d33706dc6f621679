import { useState } from 'react';
import { Button, Group, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  LoyaltySettingsSchema,
  CURRENCIES,
  formatMoney,
  minorToDecimalText,
  parseMoney,
  type CurrencyCode,
  type LoyaltySettings,
} from '@shopdesk/shared';
import { notifications } from '../../../lib/notifications.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { moneyErrorText } from '../../../lib/money-error.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { AmountField } from '../../../components/amount-field.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';
import { useSaveLoyaltySettings } from '../api/loyalty-settings.ts';
import { earnRateText, loyaltyExample, parseEarnRate, type EarnRateMode } from '../lib/earn-rate.ts';

const WHOLE = /^\d{1,10}$/;

/**
 * The points programme of one store: on or off, how many points a sale earns (typed as points per
 * 100 of the currency or as a percentage, stored as basis points), what a point takes off, the
 * fewest points a redemption may use, and after how many months without a visit points expire.
 * The example line reads the typed values as the counter will apply them.
 */
export function LoyaltyForm({
  urlName,
  currency,
  settings,
}: {
  urlName: string;
  currency: CurrencyCode;
  settings: LoyaltySettings;
}) {
  const { t, i18n } = useTranslation();
  const lock = useWriteLock();
  const save = useSaveLoyaltySettings(urlName);
  const exponent = CURRENCIES[currency].exponent;
  // Yen has no cents: "points per ¥100" reads naturally; elsewhere a percentage does.
  const [mode, setMode] = useState<EarnRateMode>(exponent === 0 ? 'per100' : 'percent');
  const [formError, setFormError] = useState<string>();
  const form = useZodForm({
    initialValues: {
      enabled: settings.enabled,
      earnRate: earnRateText(settings.earnRate, exponent === 0 ? 'per100' : 'percent', exponent),
      pointValue: minorToDecimalText(settings.pointValue, currency),
      minRedeem: String(settings.minRedeem),
      expiryMonths: settings.expiryMonths === null ? '' : String(settings.expiryMonths),
    },
    schema: LoyaltySettingsSchema,
    prepare: (v, fail) => {
      const earnRate = parseEarnRate(v.earnRate, mode, exponent);
      if (earnRate === null) fail('earnRate', t(`loyalty.earnRateInvalid.${mode}`));
      let pointValue = 0;
      try {
        pointValue = parseMoney(v.pointValue, currency);
      } catch (error) {
        fail('pointValue', moneyErrorText(t, error, currency, 'amount'));
      }
      if (!WHOLE.test(v.minRedeem.trim())) fail('minRedeem', t('loyalty.wholeNumber'));
      const months = v.expiryMonths.trim();
      if (months && !WHOLE.test(months)) fail('expiryMonths', t('loyalty.expiryInvalid'));
      return {
        enabled: v.enabled,
        earnRate: earnRate ?? 0,
        pointValue,
        minRedeem: Number(v.minRedeem.trim()),
        expiryMonths: months ? Number(months) : null,
      };
    },
  });
  const { values: v, setValue } = form;
  const switchMode = (next: EarnRateMode) => {
    const rate = parseEarnRate(v.earnRate, mode, exponent);
    setMode(next);
    if (rate !== null) setValue('earnRate', earnRateText(rate, next, exponent));
  };

  // The example follows what is typed; it hides while a value cannot be read.
  const money = (minor: number) => formatMoney(minor, currency, i18n.language);
  const typedRate = parseEarnRate(v.earnRate, mode, exponent);
  let typedValue: number | null = null;
  try {
    typedValue = parseMoney(v.pointValue, currency);
  } catch {
    typedValue = null;
  }
  const example =
    typedRate !== null && typedValue !== null && typedValue > 0 && WHOLE.test(v.minRedeem.trim())
      ? loyaltyExample({ earnRate: typedRate, pointValue: typedValue, minRedeem: Number(v.minRedeem) }, exponent)
      : null;

  const submit = form.onSubmit(async (body) => {
    setFormError(undefined);
    try {
      await save.mutateAsync(body);
      notifications.show({ color: 'teal', message: t('loyalty.saved') });
    } catch (error) {
      if (Object.keys(form.showApiErrors(error)).length === 0) setFormError(describeError(t, error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {formError && <FormError>{formError}</FormError>}
        <Switch
          label={t('loyalty.enabled')}
          description={t('loyalty.enabledHint')}
          checked={v.enabled}
          onChange={(e) => setValue('enabled', e.currentTarget.checked)}
          size="md"
        />
        <Stack gap={6}>
          <SegmentedControl
            value={mode}
            onChange={(m) => switchMode(m as EarnRateMode)}
            aria-label={t('loyalty.earnRateAs')}
            data={[
              { value: 'per100', label: t('loyalty.modes.per100', { amount: money(100 * 10 ** exponent) }) },
              { value: 'percent', label: t('loyalty.modes.percent') },
            ]}
            style={{ alignSelf: 'flex-start' }}
          />
          <TextInput
            label={
              mode === 'per100'
                ? t('loyalty.earnRatePer100', { amount: money(100 * 10 ** exponent) })
                : t('loyalty.earnRatePercent')
            }
            inputMode="decimal"
            autoComplete="off"
            maw={240}
            rightSection={
              <Text fz="sm" c="dimmed" aria-hidden>
                {mode === 'percent' ? '%' : t('loyalty.pointsUnit')}
              </Text>
            }
            rightSectionWidth={mode === 'percent' ? 32 : 56}
            {...form.text('earnRate')}
          />
        </Stack>
        <AmountField
          currency={currency}
          label={t('loyalty.pointValue')}
          description={t('loyalty.pointValueHint')}
          maw={240}
          value={v.pointValue}
          onChange={(value) => setValue('pointValue', value)}
          error={form.errors.pointValue}
        />
        <TextInput
          label={t('loyalty.minRedeem')}
          description={t('loyalty.minRedeemHint')}
          inputMode="numeric"
          maw={240}
          {...form.text('minRedeem')}
        />
        <TextInput
          label={t('loyalty.expiryMonths')}
          description={t('loyalty.expiryHint')}
          inputMode="numeric"
          placeholder={t('loyalty.never')}
          maw={240}
          {...form.text('expiryMonths')}
        />
        <Text fz="sm" fw={600} aria-live="polite" data-testid="loyalty-example">
          {example
            ? t('loyalty.example', {
                sale: money(example.sale),
                earned: example.earned.toLocaleString(i18n.language),
                points: example.points.toLocaleString(i18n.language),
                discount: money(example.discount),
              })
            : '\u00a0'}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} size="md" {...lock}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
