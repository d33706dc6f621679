import { Text, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import type { CurrencyCode, TaxCalculation, TaxRounding } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { ChoiceCards } from './choice-cards.tsx';

const CALCULATIONS: TaxCalculation[] = ['PER_LINE', 'PER_RATE'];
const ROUNDINGS: TaxRounding[] = ['DOWN', 'HALF_UP', 'UP'];

interface Props {
  currency: CurrencyCode;
  calculation: TaxCalculation;
  rounding: TaxRounding;
  onCalculation: (value: TaxCalculation) => void;
  onRounding: (value: TaxRounding) => void;
  /** The registration number field's value, change handler and error (useZodForm's `text`). */
  number: { value: string; onChange: (e: ChangeEvent<HTMLInputElement>) => void; error?: string | undefined };
  /** True when the number field holds something: a yen store then computes tax once per rate. */
  qualified: boolean;
  errors: { taxCalculation?: string | undefined; taxRounding?: string | undefined };
}

/**
 * How tax is computed (product.md §5): per line, or once per rate per receipt with the store's
 * rounding; a yen store's qualified invoice registration number, which makes it per rate.
 */
export function TaxCalculationFields({ currency, calculation, rounding, qualified, number, errors, ...on }: Props) {
  const { t } = useTranslation();
  const perRate = qualified || calculation === 'PER_RATE';
  return (
    <>
      {currency === 'JPY' && (
        <TextInput
          label={t('saleSettings.invoiceNumber')}
          description={t('saleSettings.invoiceNumberHint')}
          placeholder="T1234567890123"
          autoComplete="off"
          spellCheck={false}
          maw={320}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...number}
        />
      )}
      <ChoiceCards
        label={t('saleSettings.taxCalculation')}
        value={perRate ? 'PER_RATE' : 'PER_LINE'}
        onChange={(value) => on.onCalculation(value as TaxCalculation)}
        error={errors.taxCalculation}
        choices={(qualified ? (['PER_RATE'] as const) : CALCULATIONS).map((value) => ({
          value,
          label: t(`saleSettings.calculation.${value}`),
          description: t(`saleSettings.calculationHint.${value}`),
        }))}
      />
      {qualified && (
        <Text fz="sm" c="dimmed" mt={-8}>
          {t('saleSettings.qualifiedPerRate')}
        </Text>
      )}
      {perRate && (
        <ChoiceCards
          label={t('saleSettings.taxRounding')}
          description={t('saleSettings.taxRoundingHint')}
          value={rounding}
          onChange={(value) => on.onRounding(value as TaxRounding)}
          error={errors.taxRounding}
          cols={{ base: 1, xs: 3 }}
          choices={ROUNDINGS.map((value) => ({ value, label: t(`saleSettings.rounding.${value}`) }))}
        />
      )}
    </>
  );
}
