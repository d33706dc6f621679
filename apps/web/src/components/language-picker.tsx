import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from '../lib/i18n/use-translation.ts';
import { SUPPORTED_LOCALES, type SupportedLocale } from '@shopdesk/shared';

interface Props extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: string;
  onChange: (value: SupportedLocale) => void;
}

/** Language picker labelled "Language"; each language is named in itself. */
export function LanguagePicker({ value, onChange, ...rest }: Props) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('language.label')}
      data={SUPPORTED_LOCALES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
      value={value}
      onChange={(v) => v && onChange(v as SupportedLocale)}
      allowDeselect={false}
      {...rest}
    />
  );
}
