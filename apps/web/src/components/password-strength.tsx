import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from '../lib/i18n/use-translation.ts';
import { passwordStrength } from '../lib/password-strength.ts';

const LEVELS = ['weak', 'weak', 'fair', 'good', 'strong'] as const;
const COLORS = ['red', 'red', 'yellow', 'teal', 'green'] as const;

/** Strength meter and hint shown under a new-password field. */
export function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation();
  const score = passwordStrength(password);
  return (
    <Stack gap={4} mt={6}>
      {password.length > 0 && (
        <>
          <Progress value={Math.max(score, 1) * 25} color={COLORS[score]} size="sm" aria-hidden="true" />
          <Text size="xs" c={COLORS[score]} aria-live="polite">
            {t('strength.label', { level: t(`strength.${LEVELS[score]}`) })}
          </Text>
        </>
      )}
      <Text size="xs" c="dimmed">
        {t('strength.hint')}
      </Text>
    </Stack>
  );
}
