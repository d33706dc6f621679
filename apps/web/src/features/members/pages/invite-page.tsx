import { useEffect } from 'react';
import { Box, Button, Center, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { AcceptInvitationBodySchema, type InvitationPreview } from '@shopdesk/shared';
import { useNavigate, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { useSession } from '../../../lib/session-store.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { forgetDestination, rememberDestination } from '../../../lib/after-login.ts';
import { notifications } from '../../../lib/notifications.ts';
import { paths } from '../../../lib/paths.ts';
import { Logo } from '../../../components/logo.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { useInvitationPreview } from '../api/preview-invitation.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { useAcceptWithNewAccount } from '../api/accept-with-new-account.ts';
import { useSwitchAccount } from '../api/switch-account.ts';

/**
 * /invite/{token}, the link of an invitation mail: says which store invites, then accepts with the
 * account one is logged in with, or creates the account (the address is the invited one), or goes
 * to the login page and comes back here (lib/after-login.ts).
 */
export default function InvitePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const preview = useInvitationPreview(token);
  // Arrived, maybe through a login that kept this link: it has served.
  useEffect(() => forgetDestination(), []);

  const gone = preview.error instanceof ApiRequestError && preview.error.status === 409;
  return (
    <Box component="main" mih="100dvh" py={{ base: 'md', sm: 48 }} px={{ base: 12, sm: 'md' }}>
      <Center>
        <Stack w="100%" maw={460} gap="lg">
          <Logo size={34} />
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="sm">
            {preview.isPending && <Skeleton h={180} radius="md" />}
            {preview.isError && (
              <Stack gap="sm">
                <Title order={2} fz={22}>
                  {t('invite.problemTitle')}
                </Title>
                <Text>{gone ? describeError(t, preview.error) : t('invite.invalid')}</Text>
              </Stack>
            )}
            {preview.data && <Invitation token={token} preview={preview.data} />}
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}

function Invitation({ token, preview }: { token: string; preview: InvitationPreview }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.loggedUser);
  const role = t(`members.roles.${preview.role}`);
  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz={22} style={{ overflowWrap: 'anywhere' }}>
          {t('invite.title', { store: preview.storeName })}
        </Title>
        <Text mt="xs">{t('invite.lead', { name: preview.invitedBy, store: preview.storeName, role })}</Text>
        <Text size="sm" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
          {t('invite.for', { email: preview.email })}
        </Text>
      </div>
      {!user && <NewAccount token={token} email={preview.email} />}
      {user && user.email.toLowerCase() === preview.email && <AcceptAsUser token={token} />}
      {user && user.email.toLowerCase() !== preview.email && (
        <OtherAccount email={preview.email} current={user.email} />
      )}
    </Stack>
  );
}

function AcceptAsUser({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  return (
    <Stack gap="sm">
      {accept.isError && <FormError>{describeError(t, accept.error)}</FormError>}
      <Button
        size="md"
        loading={accept.isPending}
        onClick={() =>
          accept.mutate(token, {
            onSuccess: (store) => {
              notifications.show({ color: 'teal', message: t('invite.joined', { store: store.name }) });
              navigate(paths.store(store.urlName), { replace: true });
            },
          })
        }
      >
        {t('invite.accept')}
      </Button>
    </Stack>
  );
}

function OtherAccount({ email, current }: { email: string; current: string }) {
  const { t } = useTranslation();
  const switchAccount = useSwitchAccount();
  return (
    <Stack gap="sm">
      <FormError>{t('invite.otherAccount', { current, email })}</FormError>
      <Button variant="default" loading={switchAccount.isPending} onClick={() => switchAccount.mutate()}>
        {t('invite.logOut')}
      </Button>
    </Stack>
  );
}

function NewAccount({ token, email }: { token: string; email: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptWithNewAccount();
  const form = useZodForm({ initialValues: { name: '', password: '' }, schema: AcceptInvitationBodySchema });
  const submit = form.onSubmit((body) =>
    accept.mutate(
      { token, body: { ...body, locale: i18n.language === 'ja-JP' ? 'ja-JP' : 'en-US' } },
      {
        onSuccess: ({ token: jwt, user }) => {
          useSession.getState().login(jwt, user);
          navigate(paths.store(user.defaultStore), { replace: true });
        },
        onError: (error) => form.showApiErrors(error),
      },
    ),
  );
  const logIn = () => {
    rememberDestination(`/invite/${token}`);
    navigate(`${paths.auth()}?email=${encodeURIComponent(email)}`);
  };
  return (
    <Stack gap="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={3} fz={17}>
            {t('invite.newAccount')}
          </Title>
          {accept.isError && !form.hasErrors && <FormError>{describeError(t, accept.error)}</FormError>}
          <TextInput label={t('fields.email')} value={email} readOnly variant="filled" />
          <TextInput label={t('fields.name')} autoComplete="name" {...form.text('name')} />
          <PasswordField label={t('fields.password')} autoComplete="new-password" {...form.text('password')} />
          <Button type="submit" size="md" loading={accept.isPending}>
            {t('invite.createAndJoin')}
          </Button>
        </Stack>
      </form>
      <Stack gap={6} align="center">
        <Text size="sm" c="dimmed">
          {t('invite.haveAccount')}
        </Text>
        <Button variant="light" onClick={logIn} fullWidth>
          {t('invite.logInToAccept')}
        </Button>
      </Stack>
    </Stack>
  );
}
