import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '../../../lib/notifications.ts';
import { Link, useNavigate, useSearchParams } from '../../../lib/router/index.ts';
import { PasswordField } from '../../../components/password-field.tsx';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { LoginBodySchema } from '@shopdesk/shared';
import { useSession } from '../../../lib/session-store.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { useLogin } from '../api/login.ts';
import { useResendConfirmation } from '../api/resend-confirmation.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { paths } from '../../../lib/paths.ts';
import { pendingDestination } from '../../../lib/after-login.ts';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const resend = useResendConfirmation();
  // An invitation's page sends its address along (?email=), so the invitee only types the password.
  const [search] = useSearchParams();
  const form = useZodForm({
    initialValues: { email: search.get('email') ?? '', password: '' },
    schema: LoginBodySchema,
  });
  const email = form.values.email;

  const unconfirmed =
    loginMutation.error instanceof ApiRequestError && loginMutation.error.code === 'EMAIL_NOT_CONFIRMED';

  const submit = form.onSubmit((body) => {
    resend.reset();
    loginMutation.mutate(body, {
      onSuccess: ({ token, user }) => {
        useSession.getState().login(token, user);
        navigate(pendingDestination() ?? paths.store(user.defaultStore), { replace: true });
      },
      onError: (error) => form.showApiErrors(error),
    });
  });

  const resendMail = () =>
    resend.mutate(email.trim(), {
      onSuccess: () => notifications.show({ color: 'teal', message: t('login.resent', { email: email.trim() }) }),
      onError: (error) => notifications.show({ color: 'red', message: describeError(t, error) }),
    });

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {loginMutation.isError && !unconfirmed && !form.hasErrors && (
            <FormError>{describeError(t, loginMutation.error)}</FormError>
          )}
          {unconfirmed && (
            <FormError>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('login.unconfirmed')}</Text>
                <Button variant="white" color="red" size="sm" onClick={resendMail} loading={resend.isPending}>
                  {t('login.resend')}
                </Button>
              </Stack>
            </FormError>
          )}
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            {...form.text('email')}
            required
          />
          <PasswordField
            label={t('fields.password')}
            autoComplete="current-password"
            {...form.text('password')}
            required
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to={paths.forgotPassword()} size="sm">
              {t('login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="lg" loading={loginMutation.isPending}>
            {t('login.submit')}
          </Button>
          <Text ta="center" size="sm" c="dimmed">
            {t('login.noAccount')}{' '}
            <Anchor component={Link} to={paths.signUp()} fw={600}>
              {t('login.signUp')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
