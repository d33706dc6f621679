import { useMemo } from 'react';
import { Select, Stack, Text, type ComboboxItem, type OptionsFilter, type SelectProps } from '@mantine/core';
import { useTranslation } from '../lib/i18n/use-translation.ts';
import { CURRENCIES, CURRENCY_CODES, currencyLabel, currencyName, type CurrencyCode } from '@shopdesk/shared';

interface CurrencyOption extends ComboboxItem {
  /** The currency's own name in the UI language, shown under the label. */
  name: string;
  /** Everything a search may match: label, name, code and the English country. */
  haystack: string;
}

interface Props extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: CurrencyCode | null;
  onChange: (value: CurrencyCode | null) => void;
  /** Currency that may not be picked, e.g. the main one in the second-currency field. */
  exclude?: CurrencyCode | null;
}

const filter: OptionsFilter = ({ options, search }) => {
  const q = search.trim().toLowerCase();
  if (!q) return options;
  return (options as CurrencyOption[]).filter((o) => o.haystack.includes(q));
};

/**
 * Searchable picker of the 28 supported currencies. Labels read `sign (CODE) country`
 * (original.md §3) with the country, and the currency's name below it, in the UI language
 * (Intl.DisplayNames); a search matches either language.
 */
export function CurrencySelect({ value, onChange, exclude, ...rest }: Props) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const options = useMemo<CurrencyOption[]>(
    () =>
      CURRENCY_CODES.map((code) => {
        const label = currencyLabel(code, lang);
        const name = currencyName(code, lang);
        const haystack = [label, name, currencyName(code, 'en-US'), CURRENCIES[code].country].join(' ').toLowerCase();
        return { value: code, label, name, haystack };
      }),
    [lang],
  );
  const data = exclude ? options.filter((o) => o.value !== exclude) : options;
  return (
    <Select
      searchable
      data={data}
      filter={filter}
      value={value}
      onChange={(v) => onChange(v as CurrencyCode | null)}
      renderOption={({ option }) => (
        <Stack gap={0}>
          <Text size="sm">{option.label}</Text>
          <Text size="xs" c="dimmed">
            {(option as CurrencyOption).name}
          </Text>
        </Stack>
      )}
      placeholder={t('fields.currencyPlaceholder')}
      nothingFoundMessage={t('fields.noCurrency')}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      {...rest}
    />
  );
}
