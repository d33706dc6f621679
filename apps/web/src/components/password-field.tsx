import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from '../lib/i18n/use-translation.ts';

/**
 * PasswordInput whose show/hide toggle is named without the word "password", so the field is the
 * only thing a label query for "Password" finds.
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': t('fields.showCharacters') }} {...props} />;
}
