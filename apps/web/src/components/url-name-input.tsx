import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from '../lib/i18n/use-translation.ts';
import { urlNameSchema } from '@shopdesk/shared';
import { fieldError } from '../lib/form-errors.ts';

interface Props extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
  /** An error from the server (e.g. taken), shown when the value itself is valid. */
  serverError?: string;
  /** The value was suggested from the store name: say that it can be changed. */
  suggested?: boolean;
}

/**
 * "Store URL name" with live validation by the shared urlNameSchema and a preview of the address
 * the store will have. Input is lowercased as typed since URL names are lowercase.
 */
export function UrlNameInput({ value, onChange, serverError, suggested, ...rest }: Props) {
  const { t } = useTranslation();
  const live = value ? fieldError(t, urlNameSchema, value) : undefined;
  const address = `${window.location.host}/${value || '…'}`;
  return (
    <TextInput
      label={t('fields.urlName')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value.toLowerCase().replace(/\s/g, '-'))}
      description={
        live
          ? t('fields.urlNameRules')
          : t(suggested && value ? 'fields.urlNameSuggested' : 'fields.urlNameHint', { address })
      }
      error={live ?? serverError}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      maxLength={40}
      {...rest}
    />
  );
}
