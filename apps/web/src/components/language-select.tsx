import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from '../lib/i18n/use-translation.ts';
import { SUPPORTED_LOCALES, type SupportedLocale } from '@shopdesk/shared';

export interface LanguageSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: string;
  onChange: (value: SupportedLocale) => void;
}

/**
 * The language picker's Select, labelled "Language"; each language is named in itself. Loaded by
 * language-picker.tsx when first used.
 */
export function LanguageSelect({ value, onChange, ...rest }: LanguageSelectProps) {
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
