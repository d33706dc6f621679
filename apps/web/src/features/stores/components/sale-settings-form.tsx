import { useState } from 'react';
import { Button, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import {
  SaleSettingsSchema,
  formatMoney,
  roundCash,
  type CurrencyCode,
  type TaxMode,
  type VirtualStore,
} from '@shopdesk/shared';
import { describeError } from '../../../lib/describe-error.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { FormError } from '../../../components/form-error.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';
import { useUpdateSaleSettings } from '../api/update-sale-settings.ts';
import {
  basisPointsToPercent,
  cashRoundingChoices,
  percentToBasisPoints,
  roundingExample,
} from '../lib/sale-settings.ts';

/** The order a shop owner reads them in: the common cases first. */
const MODE_ORDER: TaxMode[] = ['INCLUSIVE', 'EXCLUSIVE', 'NONE'];

/** One choice of a radio group as a whole card: the full card is the touch target. */
function ChoiceCard({ value, label, description }: { value: string; label: string; description?: string }) {
  return (
    <Radio.Card value={value} radius="md" p="sm" mih={44}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={2} />
        <div>
          <Text fw={600} fz="sm" lh={1.4}>
            {label}
          </Text>
          {description && (
            <Text fz="sm" c="dimmed" lh={1.4}>
              {description}
            </Text>
          )}
        </div>
      </Group>
    </Radio.Card>
  );
}

/** The counter's settings of one store (product.md §4): tax mode, default tax rate, cash rounding. */
export function SaleSettingsForm({ store }: { store: VirtualStore }) {
  const { t, i18n } = useTranslation();
  const lock = useWriteLock();
  const save = useUpdateSaleSettings();
  const currency = store.mainCurrency as CurrencyCode;
  const form = useZodForm({
    schema: SaleSettingsSchema,
    prepare: (v, fail) => {
      // Without tax the rate is not shown, so whatever it holds stays as it was.
      const bp = v.taxMode === 'NONE' ? store.defaultTaxRate : percentToBasisPoints(v.defaultTaxRate);
      if (bp === null) fail('defaultTaxRate', t('saleSettings.taxRateInvalid'));
      return { taxMode: v.taxMode, defaultTaxRate: bp ?? 0, cashRounding: Number(v.cashRounding) };
    },
    initialValues: {
      taxMode: store.taxMode as TaxMode,
      defaultTaxRate: basisPointsToPercent(store.defaultTaxRate),
      cashRounding: String(store.cashRounding),
    },
  });
  const { values: v, errors, setValue: set } = form;
  const [formError, setFormError] = useState<string>();
  const money = (minor: number) => formatMoney(minor, currency, i18n.language);
  const increment = Number(v.cashRounding);
  const example = roundingExample(currency);

  const submit = form.onSubmit((body) => {
    setFormError(undefined);
    save.mutate(
      { urlName: store.urlName, body },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: t('saleSettings.saved') }),
        onError: (error) => {
          const fields = form.showApiErrors(error);
          if (Object.keys(fields).length === 0) setFormError(describeError(t, error));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {formError && <FormError>{formError}</FormError>}
        <Radio.Group
          size="md"
          label={t('saleSettings.taxMode')}
          value={v.taxMode}
          onChange={(mode) => set('taxMode', mode as TaxMode)}
          error={errors.taxMode}
        >
          <Stack gap="xs" mt="xs">
            {MODE_ORDER.map((mode) => (
              <ChoiceCard
                key={mode}
                value={mode}
                label={t(`saleSettings.mode.${mode}`)}
                description={t(`saleSettings.modeHint.${mode}`)}
              />
            ))}
          </Stack>
        </Radio.Group>

        {v.taxMode !== 'NONE' && (
          <TextInput
            label={t('saleSettings.taxRate')}
            description={t('saleSettings.taxRateHint')}
            inputMode="decimal"
            autoComplete="off"
            maw={220}
            rightSection={
              <Text fz="sm" c="dimmed" aria-hidden>
                %
              </Text>
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.text('defaultTaxRate')}
          />
        )}

        <Radio.Group
          size="md"
          label={t('saleSettings.cashRounding')}
          description={t('saleSettings.cashRoundingHint', { currency })}
          value={v.cashRounding}
          onChange={(value) => set('cashRounding', value)}
          error={errors.cashRounding}
        >
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" mt="xs">
            <ChoiceCard value="0" label={t('saleSettings.noRounding')} />
            {cashRoundingChoices(currency, store.cashRounding).map((step) => (
              <ChoiceCard key={step} value={String(step)} label={money(step)} />
            ))}
          </SimpleGrid>
        </Radio.Group>
        <Text fz="sm" c="dimmed" mt={-8}>
          {increment > 0
            ? t('saleSettings.roundingExample', { from: money(example), to: money(roundCash(example, increment)) })
            : t('saleSettings.noRoundingExample', { from: money(example) })}
        </Text>

        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} {...lock}>
            {t('saleSettings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
