import { useState } from 'react';
import { Alert, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '../../../lib/notifications.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { TFunction } from '../../../lib/i18n/types.ts';
import {
  CURRENCIES,
  SetManualRateBodySchema,
  convertMinor,
  formatMoney,
  invertRateText,
  rateTextSchema,
  type CurrencyCode,
  type ExchangeRate,
  type VirtualStore,
} from '@shopdesk/shared';
import { describeError } from '../../../lib/describe-error.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { FormError } from '../../../components/form-error.tsx';
import { IconAlert } from '../../../components/icons.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';
import { useStoreRate } from '../api/store-rate.ts';
import { useSetManualRate } from '../api/set-manual-rate.ts';
import { trimRate } from '../lib/sale-settings.ts';

const formatDate = (date: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** "ECB+SNAPSHOT" → "European Central Bank + bundled rate of 31 Oct 2025", in the reader's language. */
function describeSource(t: TFunction, rate: ExchangeRate, locale: string): string {
  return rate.source
    .split('+')
    .map((part) =>
      ['MANUAL', 'ECB', 'PEG', 'SNAPSHOT'].includes(part)
        ? t(`saleSettings.source.${part}`, { date: formatDate(rate.date, locale) })
        : part,
    )
    .join(' + ');
}

/** The other way round, for reading: four significant decimals (`153.8462`, `0.006536`). */
function readableInverse(rate: string): string | null {
  const full = invertRateText(rate);
  const zeros = full?.match(/^0\.(0*)/)?.[1]?.length ?? 0;
  return full && invertRateText(rate, zeros + 4);
}

/** One rate both ways ("1 JPY = 0.0065 USD", "1 USD = 153.8462 JPY"), its source and its date. */
function RateLine({ title, rate, testId }: { title: string; rate: ExchangeRate; testId: string }) {
  const { t, i18n } = useTranslation();
  return (
    <div data-testid={testId}>
      <Text fz="sm" c="dimmed">
        {title}
      </Text>
      <Text fw={700} fz="lg">
        1 {rate.base} = {trimRate(rate.rate)} {rate.quote}
      </Text>
      {readableInverse(rate.rate) && (
        <Text fz="sm" fw={600} data-testid={`${testId}-inverse`}>
          1 {rate.quote} = {readableInverse(rate.rate)} {rate.base}
        </Text>
      )}
      <Text fz="sm">
        {/* A bundled rate's source names its date already. */}
        {t(rate.source.includes('SNAPSHOT') ? 'saleSettings.rateSourceOnly' : 'saleSettings.rateSource', {
          source: describeSource(t, rate, i18n.language),
          date: formatDate(rate.date, i18n.language),
        })}
      </Text>
    </div>
  );
}

/**
 * The store's main → second rate (product.md §4): the one sales use, the latest imported one, and
 * the owner's manual rate, which wins while it is set (the rate in use then says "manual", so it is
 * not shown twice). Only for a store with a second currency.
 */
export function ExchangeRatePanel({ store }: { store: VirtualStore & { secondCurrency: string } }) {
  const { t, i18n } = useTranslation();
  const lock = useWriteLock();
  const rate = useStoreRate(store.urlName);
  const setRate = useSetManualRate();
  const main = store.mainCurrency as CurrencyCode;
  const second = store.secondCurrency as CurrencyCode;
  const known = rate.data?.effective ?? rate.data?.latest;
  // Typed either way round: "1 JPY = 0.0065 USD" or, as a Japanese owner thinks of it,
  // "1 USD = 153 JPY". Until chosen, the way that reads as a number of at least 1.
  const [chosenWay, setWay] = useState<'main' | 'second' | null>(null);
  const way = chosenWay ?? (known && Number(known.rate) < 1 ? 'second' : 'main');
  const [from, to] = way === 'main' ? [main, second] : [second, main];
  const form = useZodForm({
    schema: SetManualRateBodySchema,
    // Sent as main → second, the store's rate; typed the other way it is inverted exactly first.
    prepare: (v, fail) => {
      if (way === 'main' || !rateTextSchema.safeParse(v.rate).success) return { rate: v.rate };
      const inverted = invertRateText(v.rate.trim());
      if (!inverted) fail('rate', t('saleSettings.rateTooSmall'));
      return { rate: inverted ?? v.rate };
    },
    initialValues: { rate: '' },
  });
  const typed = form.values.rate.trim();
  const otherWay = typed && rateTextSchema.safeParse(typed).success ? readableInverse(typed) : null;
  const [formError, setFormError] = useState<string>();

  const send = (value: string | null) => {
    setFormError(undefined);
    setRate.mutate(
      { urlName: store.urlName, body: { rate: value } },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            message: t(value ? 'saleSettings.rateSet' : 'saleSettings.rateCleared'),
          });
          form.setValue('rate', '');
        },
        onError: (error) => {
          const fields = form.showApiErrors(error);
          if (Object.keys(fields).length === 0) setFormError(describeError(t, error));
        },
      },
    );
  };
  const submit = form.onSubmit((body) => send(body.rate));

  if (rate.isPending) return <Skeleton h={200} radius="lg" />;
  if (rate.isError) return <FormError>{describeError(t, rate.error)}</FormError>;
  const { effective, manual, latest, stale } = rate.data;
  // "$10.00 = ¥1,503": ten whole units of the main currency (a thousand of one without decimals,
  // ¥10 being too little to show a rate), converted as a sale would.
  const { exponent } = CURRENCIES[main];
  const sample = exponent === 0 ? 1000 : 10 * 10 ** exponent;
  const converted = effective ? convertMinor(sample, main, second, effective.rate) : null;

  return (
    <Stack gap="md">
      {stale && (
        <Alert color="yellow" variant="light" icon={<IconAlert size={20} />} role="status">
          {effective ? t('saleSettings.stale', { days: 7 }) : t('saleSettings.noRate', { main, second })}
        </Alert>
      )}
      {effective && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="xs">
            <RateLine title={t('saleSettings.effective')} rate={effective} testId="effective-rate" />
            {converted !== null && (
              <Text fz="sm">
                {t('saleSettings.example', {
                  from: formatMoney(sample, main, i18n.language),
                  to: formatMoney(converted, second, i18n.language),
                })}
              </Text>
            )}
          </Stack>
        </Paper>
      )}
      {latest ? (
        <RateLine title={t('saleSettings.latest')} rate={latest} testId="latest-rate" />
      ) : (
        <Text fz="sm">{t('saleSettings.noLatest')}</Text>
      )}

      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {formError && <FormError>{formError}</FormError>}
          <SegmentedControl
            fullWidth
            value={way}
            onChange={(value) => setWay(value as 'main' | 'second')}
            aria-label={t('saleSettings.rateWay')}
            data={[
              { value: 'main', label: `1 ${main} = … ${second}` },
              { value: 'second', label: `1 ${second} = … ${main}` },
            ]}
          />
          <TextInput
            label={t('saleSettings.manualRate', { main: from, second: to })}
            description={
              otherWay
                ? t('saleSettings.rateOtherWay', { from: to, rate: otherWay, to: from })
                : t('saleSettings.manualRateHint', { main: from, second: to })
            }
            inputMode="decimal"
            autoComplete="off"
            placeholder={
              latest ? ((way === 'main' ? trimRate(latest.rate) : readableInverse(latest.rate)) ?? '') : '150.25'
            }
            leftSection={
              <Text fz="sm" c="dimmed" aria-hidden style={{ whiteSpace: 'nowrap' }}>
                1 {from} =
              </Text>
            }
            leftSectionWidth={80}
            rightSection={
              <Text fz="sm" c="dimmed" aria-hidden>
                {to}
              </Text>
            }
            rightSectionWidth={52}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.text('rate')}
          />
          <Group justify="flex-end" gap="sm">
            {manual && (
              <Button
                variant="default"
                onClick={() => send(null)}
                loading={setRate.isPending && setRate.variables?.body.rate === null}
                {...lock}
              >
                {t('saleSettings.clearRate')}
              </Button>
            )}
            <Button type="submit" loading={setRate.isPending && setRate.variables?.body.rate !== null} {...lock}>
              {t('saleSettings.setRate')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
