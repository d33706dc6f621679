import { useEffect } from 'react';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '../../../lib/notifications.ts';
import { Link, useNavigate, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { ResendConfirmationBodySchema } from '@shopdesk/shared';
import { useSession } from '../../../lib/session-store.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { useConfirmEmail } from '../api/confirm-email.ts';
import { useResendConfirmation } from '../api/resend-confirmation.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { paths } from '../../../lib/paths.ts';

/** Target of the link in the sign-up mail: confirms, logs in and opens the home screen. */
export default function ConfirmPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const confirm = useConfirmEmail(token);

  useEffect(() => {
    if (!confirm.data) return;
    const { token: jwt, user } = confirm.data;
    useSession.getState().login(jwt, user);
    notifications.show({ color: 'teal', message: t('confirm.success') });
    navigate(paths.store(user.defaultStore), { replace: true });
  }, [confirm.data, navigate, t]);

  if (confirm.isPending || confirm.data) {
    return (
      <AuthLayout title={t('confirm.checking')}>
        <PageSpinner />
      </AuthLayout>
    );
  }

  const invalid = confirm.error instanceof ApiRequestError && [400, 404, 410].includes(confirm.error.status);
  if (!invalid) {
    return (
      <AuthLayout title={t('errors.title')}>
        <FormError>{describeError(t, confirm.error)}</FormError>
        <Button onClick={() => void confirm.refetch()}>{t('confirm.retry')}</Button>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('confirm.invalidTitle')}>
      <Text>{t('confirm.invalidText')}</Text>
      <Button component={Link} to={paths.auth()} size="lg" fullWidth>
        {t('confirm.goLogin')}
      </Button>
      <ResendLink />
    </AuthLayout>
  );
}

function ResendLink() {
  const { t } = useTranslation();
  const resend = useResendConfirmation();
  const form = useZodForm({ initialValues: { email: '' }, schema: ResendConfirmationBodySchema });

  const submit = form.onSubmit(() => resend.mutate(form.values.email.trim()));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text fw={700}>{t('confirm.resendTitle')}</Text>
        <TextInput label={t('fields.email')} type="email" autoComplete="email" {...form.text('email')} />
        {resend.isSuccess && (
          <Alert color="teal" variant="light" role="status">
            {t('confirm.resent')}
          </Alert>
        )}
        {resend.isError && <FormError>{describeError(t, resend.error)}</FormError>}
        <Button type="submit" variant="light" loading={resend.isPending}>
          {t('confirm.resend')}
        </Button>
      </Stack>
    </form>
  );
}
