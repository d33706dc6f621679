import { Alert, Button, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { Link, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_SUBJECT_MAX,
  SupportRequestBodySchema,
  type SupportRequest,
} from '@shopdesk/shared';
import { paths } from '../../../lib/paths.ts';
import { FormError } from '../../../components/form-error.tsx';
import { IconCheck } from '../../../components/icons.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useSupportInfo } from '../api/get-support-info.ts';
import { useSendSupportRequest } from '../api/send-support-request.ts';

function Sent({ request, store, onAnother }: { request: SupportRequest; store: string; onAnother: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="support-sent">
      <Stack gap="sm" align="flex-start">
        <IconCheck size={32} color="var(--mantine-color-teal-7)" />
        <Title order={3} fz={22}>
          {t('support.sentTitle')}
        </Title>
        <Text>{t('support.sentText', { subject: request.subject })}</Text>
        <Text>
          {t('support.replyTo')}{' '}
          <Text span fw={700} data-testid="reply-to">
            {request.replyTo}
          </Text>
        </Text>
        <Text size="sm" c="dimmed">
          {request.mailedTo ? t('support.copyText') : t('support.storedText')}
        </Text>
        <Stack gap="xs" w="100%" mt="xs">
          <Button variant="default" onClick={onAnother}>
            {t('support.another')}
          </Button>
          <Button variant="subtle" component={Link} to={paths.profile(store)}>
            {t('support.backToProfile')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/** `/{store}/profile/support`: a question to the people who run this server, answered by mail. */
export default function SupportPage() {
  const { t } = useTranslation();
  const { store = '' } = useParams();
  const lock = useWriteLock();
  const email = useSession((s) => s.loggedUser?.email ?? '');
  const send = useSendSupportRequest();
  const info = useSupportInfo();
  const form = useZodForm({ initialValues: { subject: '', message: '' }, schema: SupportRequestBodySchema });

  const submit = form.onSubmit((body) => send.mutate(body, { onError: (error) => form.showApiErrors(error) }));

  if (send.isSuccess) {
    return (
      <PageFrame title={t('support.title')}>
        <Sent
          request={send.data}
          store={store}
          onAnother={() => {
            form.setValues({ subject: '', message: '' });
            send.reset();
          }}
        />
      </PageFrame>
    );
  }

  return (
    <PageFrame title={t('support.title')} description={t('support.intro')}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {send.isError && !form.hasErrors && <FormError>{describeError(t, send.error)}</FormError>}
            <TextInput
              label={t('support.subject')}
              maxLength={SUPPORT_SUBJECT_MAX}
              required
              {...form.text('subject')}
            />
            <Textarea
              label={t('support.message')}
              description={t('support.messageHint')}
              autosize
              minRows={6}
              maxRows={16}
              maxLength={SUPPORT_MESSAGE_MAX}
              required
              {...form.text('message')}
            />
            {info.data && (
              <Alert
                color={info.data.supportEmail ? 'blue' : 'gray'}
                variant="light"
                radius="md"
                data-testid="support-destination"
              >
                {info.data.supportEmail
                  ? t('support.goesToAddress', { address: info.data.supportEmail })
                  : t('support.goesToAdministrator')}
              </Alert>
            )}
            <Text size="sm" c="dimmed">
              {info.data?.supportEmail === null
                ? t('support.replyNoteStored', { email })
                : t('support.replyNote', { email })}
            </Text>
            <Button type="submit" size="lg" loading={send.isPending} {...lock}>
              {t('support.send')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </PageFrame>
  );
}
