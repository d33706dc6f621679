import { useState } from 'react';
import { Anchor, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { Link } from '../../../lib/router/index.ts';
import { notifications } from '../../../lib/notifications.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import {
  SaleSettingsSchema,
  formatMoney,
  roundCash,
  type CurrencyCode,
  type TaxCalculation,
  type TaxMode,
  type TaxRounding,
  type VirtualStore,
} from '@shopdesk/shared';
import { paths } from '../../../lib/paths.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { FormError } from '../../../components/form-error.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';
import { useUpdateSaleSettings } from '../api/update-sale-settings.ts';
import { ChoiceCards } from './choice-cards.tsx';
import { TaxCalculationFields } from './tax-calculation-fields.tsx';
import {
  basisPointsToPercent,
  cashRoundingChoices,
  percentToBasisPoints,
  readTaxNumber,
  roundingExample,
} from '../lib/sale-settings.ts';

/** The order a shop owner reads them in: the common cases first. */
const MODE_ORDER: TaxMode[] = ['INCLUSIVE', 'EXCLUSIVE', 'NONE'];

/**
 * The counter's settings of one store (product.md §4, §5): tax mode, default tax rate, how tax is
 * computed (and a yen store's registration number), cash rounding.
 */
export function SaleSettingsForm({ store }: { store: VirtualStore }) {
  const { t, i18n } = useTranslation();
  const lock = useWriteLock();
  const save = useUpdateSaleSettings({
    onSaved: () => notifications.show({ color: 'teal', message: t('saleSettings.saved') }),
  });
  const currency = store.mainCurrency as CurrencyCode;
  // Shifts (closing the till): kept beside the form's text fields, sent with them.
  const [shifts, setShifts] = useState(store.shiftsEnabled === true);
  const form = useZodForm({
    schema: SaleSettingsSchema,
    prepare: (v, fail) => {
      // Without tax the rate is not shown, so whatever it holds stays as it was.
      const bp = v.taxMode === 'NONE' ? store.defaultTaxRate : percentToBasisPoints(v.defaultTaxRate);
      if (bp === null) fail('defaultTaxRate', t('saleSettings.taxRateInvalid'));
      // Only a yen store's form shows the number: another store's is left as it is (omitted).
      const number = currency === 'JPY' ? readTaxNumber(v.taxRegistrationNumber, currency) : null;
      if (number && !number.ok) fail('taxRegistrationNumber', t(`saleSettings.invoiceNumberProblem.${number.problem}`));
      const qualified = number?.ok === true && number.value !== null;
      return {
        taxMode: v.taxMode,
        defaultTaxRate: bp ?? 0,
        cashRounding: Number(v.cashRounding),
        shiftsEnabled: shifts,
        // A yen store with a number computes tax once per rate; the server refuses per line then.
        taxCalculation: qualified ? 'PER_RATE' : v.taxCalculation,
        taxRounding: v.taxRounding,
        ...(number?.ok ? { taxRegistrationNumber: number.value } : {}),
      };
    },
    initialValues: {
      taxMode: store.taxMode as TaxMode,
      defaultTaxRate: basisPointsToPercent(store.defaultTaxRate),
      cashRounding: String(store.cashRounding),
      taxCalculation: (store.taxCalculation ?? 'PER_LINE') as TaxCalculation,
      taxRounding: (store.taxRounding ?? 'HALF_UP') as TaxRounding,
      taxRegistrationNumber: store.taxRegistrationNumber ?? '',
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
        <ChoiceCards
          label={t('saleSettings.taxMode')}
          value={v.taxMode}
          onChange={(mode) => set('taxMode', mode as TaxMode)}
          error={errors.taxMode}
          choices={MODE_ORDER.map((mode) => ({
            value: mode,
            label: t(`saleSettings.mode.${mode}`),
            description: t(`saleSettings.modeHint.${mode}`),
          }))}
        />

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

        {v.taxMode !== 'NONE' && (
          <TaxCalculationFields
            currency={currency}
            calculation={v.taxCalculation}
            rounding={v.taxRounding}
            onCalculation={(value) => set('taxCalculation', value)}
            onRounding={(value) => set('taxRounding', value)}
            number={form.text('taxRegistrationNumber')}
            qualified={currency === 'JPY' && v.taxRegistrationNumber.trim() !== ''}
            errors={errors}
          />
        )}

        <ChoiceCards
          label={t('saleSettings.cashRounding')}
          description={t('saleSettings.cashRoundingHint', { currency })}
          value={v.cashRounding}
          onChange={(value) => set('cashRounding', value)}
          error={errors.cashRounding}
          cols={{ base: 2, xs: 3 }}
          choices={[
            { value: '0', label: t('saleSettings.noRounding') },
            ...cashRoundingChoices(currency, store.cashRounding).map((step) => ({
              value: String(step),
              label: money(step),
            })),
          ]}
        />
        <Text fz="sm" c="dimmed" mt={-8}>
          {increment > 0
            ? t('saleSettings.roundingExample', { from: money(example), to: money(roundCash(example, increment)) })
            : t('saleSettings.noRoundingExample', { from: money(example) })}
        </Text>

        <div>
          <Switch
            label={t('shifts.useShifts')}
            description={t('shifts.useShiftsHint')}
            checked={shifts}
            onChange={(e) => setShifts(e.currentTarget.checked)}
          />
          {store.shiftsEnabled && (
            <Anchor component={Link} to={paths.shopShift(store.urlName)} fz="sm" ml={54} mt={4} display="inline-block">
              {t('shifts.openShiftScreen')}
            </Anchor>
          )}
        </div>

        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} {...lock}>
            {t('saleSettings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
