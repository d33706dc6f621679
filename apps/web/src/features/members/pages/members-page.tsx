import { useState } from 'react';
import { Anchor, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Invitation, StoreMember } from '@shopdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { notifications } from '../../../lib/notifications.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { paths } from '../../../lib/paths.ts';
import { PageFrame } from '../../../components/page-frame.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { IconBack, IconPlus } from '../../../components/icons.tsx';
import { LimitNotice } from '../../../components/limit-notice.tsx';
import { secureApi } from '../../../lib/api-client.ts';
import { useMembers } from '../api/list-members.ts';
import { useInvitations } from '../api/list-invitations.ts';
import { useInviteMember } from '../api/invite-member.ts';
import { useUpdateMember } from '../api/update-member.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { useRevokeInvitation } from '../api/revoke-invitation.ts';
import { MemberDialog } from '../components/member-dialog.tsx';
import { InvitationCard, MemberCard } from '../components/member-list.tsx';

type Dialog = { mode: 'invite' } | { mode: 'edit'; member: StoreMember } | null;
type Asking = { remove: StoreMember } | { revoke: Invitation } | null;

/** The people of one of the user's stores: members, open invitations, invite, edit and remove. */
export default function MembersPage() {
  const { t } = useTranslation();
  const { store: openStore = '', urlName = '' } = useParams();
  const store = useQuery({
    queryKey: ['store', 'current', urlName],
    queryFn: () => secureApi.request<{ name: string }>('/api/secure/virtual-store/current', { store: urlName }),
  });
  const members = useMembers(urlName);
  const invitations = useInvitations(urlName, { enabled: members.isSuccess });
  const invite = useInviteMember();
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const revoke = useRevokeInvitation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const back = paths.profileStore(openStore);
  const forbidden = members.error instanceof ApiRequestError && members.error.status === 403;
  const failed = (error: unknown) => notifications.show({ color: 'red', message: describeError(t, error) });

  const confirm = () => {
    if (!asking) return;
    if ('remove' in asking) {
      remove.mutate(
        { urlName, userId: asking.remove.userId },
        {
          onSuccess: () =>
            notifications.show({ color: 'teal', message: t('members.removed', { name: asking.remove.name }) }),
          onError: failed,
          onSettled: () => setAsking(null),
        },
      );
    } else {
      revoke.mutate({ urlName, id: asking.revoke.id }, { onError: failed, onSettled: () => setAsking(null) });
    }
  };

  return (
    <PageFrame
      title={t('members.title')}
      description={store.data?.name}
      action={
        members.isSuccess ? (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ mode: 'invite' })}>
            {t('members.invite')}
          </Button>
        ) : undefined
      }
    >
      <Anchor
        component={Link}
        to={back}
        fz="sm"
        mt={-8}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minHeight: 44 }}
      >
        <IconBack size={16} aria-hidden />
        {t('saleSettings.backToStores')}
      </Anchor>
      {members.isSuccess && <LimitNotice kind="members" store={openStore} />}
      {members.isPending && <Skeleton h={200} radius="lg" />}
      {forbidden && <FormError>{t('members.forbidden')}</FormError>}
      {members.isError && !forbidden && <FormError>{describeError(t, members.error)}</FormError>}
      {members.data && (
        <Stack gap="md" component="ul" p={0} m={0} aria-label={t('members.title')}>
          {members.data.map((m) => (
            <MemberCard
              key={m.userId}
              member={m}
              onEdit={() => setDialog({ mode: 'edit', member: m })}
              onRemove={() => setAsking({ remove: m })}
            />
          ))}
        </Stack>
      )}
      {members.data && members.data.length === 1 && invitations.data?.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('members.alone')}
        </Text>
      )}
      {invitations.data && invitations.data.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="invitations-heading">
          <Title order={3} fz={18} id="invitations-heading">
            {t('members.pending')}
          </Title>
          <Stack gap="sm" component="ul" p={0} m={0}>
            {invitations.data.map((i) => (
              <InvitationCard key={i.id} invitation={i} now={Date.now()} onRevoke={() => setAsking({ revoke: i })} />
            ))}
          </Stack>
        </Stack>
      )}
      {dialog?.mode === 'invite' && (
        <MemberDialog
          onClose={() => setDialog(null)}
          upgradePath={paths.profileSubscriptionPricing(openStore)}
          onSubmit={async (r) => {
            const made = await invite.mutateAsync({ urlName, body: r });
            notifications.show({ color: 'teal', message: t('members.invited', { email: made.email }) });
          }}
        />
      )}
      {dialog?.mode === 'edit' && (
        <MemberDialog
          member={dialog.member}
          onClose={() => setDialog(null)}
          onSubmit={async ({ role, permissions, maxDiscount }) => {
            await update.mutateAsync({
              urlName,
              userId: dialog.member.userId,
              body: { role, permissions, maxDiscount },
            });
            notifications.show({ color: 'teal', message: t('members.saved') });
          }}
        />
      )}
      <ConfirmDialog
        opened={asking !== null}
        danger
        busy={remove.isPending || revoke.isPending}
        title={asking && 'remove' in asking ? t('members.removeTitle') : t('members.revokeTitle')}
        message={
          asking && 'remove' in asking
            ? t('members.removeQuestion', { name: asking.remove.name })
            : t('members.revokeQuestion', { email: asking?.revoke.email ?? '' })
        }
        confirmLabel={asking && 'remove' in asking ? t('members.remove') : t('members.revoke')}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
    </PageFrame>
  );
}
