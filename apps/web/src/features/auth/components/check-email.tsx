import { Anchor, Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '../../../lib/notifications.ts';
import { Link } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { IconMail } from '../../../components/icons.tsx';
import { useResendConfirmation } from '../api/resend-confirmation.ts';
import { paths } from '../../../lib/paths.ts';

/** After sign-up: where the link went, and a way to send it again. */
export function CheckEmail({ email }: { email: string }) {
  const { t } = useTranslation();
  const resend = useResendConfirmation();
  return (
    <Stack gap="md" align="center" ta="center">
      <ThemeIcon size={64} radius="xl" variant="light">
        <IconMail size={32} />
      </ThemeIcon>
      <Text>{t('checkEmail.text', { email })}</Text>
      <Text size="sm" c="dimmed">
        {t('checkEmail.spam')}
      </Text>
      <Button
        variant="light"
        fullWidth
        loading={resend.isPending}
        onClick={() =>
          resend.mutate(email, {
            onSuccess: () => notifications.show({ color: 'teal', message: t('checkEmail.resent') }),
            onError: (error) => notifications.show({ color: 'red', message: describeError(t, error) }),
          })
        }
      >
        {t('checkEmail.resend')}
      </Button>
      <Anchor component={Link} to={paths.auth()}>
        {t('checkEmail.back')}
      </Anchor>
    </Stack>
  );
}
