import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from '../lib/i18n/use-translation.ts';
import { timezoneList } from '../lib/timezones.ts';

interface Props extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
}

/** Searchable IANA time zone picker; `limit` keeps the ~400 options cheap to render. */
export function TimezoneSelect({ value, onChange, ...rest }: Props) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('fields.timezone')}
      searchable
      data={timezoneList()}
      value={value}
      onChange={(v) => v && onChange(v)}
      limit={60}
      allowDeselect={false}
      nothingFoundMessage={t('fields.noTimezone')}
      maxDropdownHeight={280}
      {...rest}
    />
  );
}
