import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CURRENCY_CODES, currencyLabel, type CurrencyCode } from '@shopdesk/shared';

// Labels read `sign (CODE) country` (original.md §3); search matches any part of them.
const OPTIONS = CURRENCY_CODES.map((code) => ({ value: code, label: currencyLabel(code) }));

interface Props extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: CurrencyCode | null;
  onChange: (value: CurrencyCode | null) => void;
  /** Currency that may not be picked, e.g. the main one in the second-currency field. */
  exclude?: CurrencyCode | null;
}

/** Searchable picker of the 28 supported currencies. */
export function CurrencySelect({ value, onChange, exclude, ...rest }: Props) {
  const { t } = useTranslation();
  const data = exclude ? OPTIONS.filter((o) => o.value !== exclude) : OPTIONS;
  return (
    <Select
      searchable
      data={data}
      value={value}
      onChange={(v) => onChange(v as CurrencyCode | null)}
      placeholder={t('fields.currencyPlaceholder')}
      nothingFoundMessage={t('fields.noCurrency')}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      {...rest}
    />
  );
}
