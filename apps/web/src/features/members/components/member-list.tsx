import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Invitation, StoreMember } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';

/** One person of the store: name, address, role, discount and what can be done with them. */
export function MemberCard({
  member,
  onEdit,
  onRemove,
}: {
  member: StoreMember;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const owner = member.role === 'OWNER';
  return (
    <Paper withBorder radius="lg" p="md" component="li" aria-label={member.name} style={{ listStyle: 'none' }}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {member.name}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {member.email}
            </Text>
          </div>
          <Badge tt="none" variant={owner ? 'filled' : 'light'} style={{ overflow: 'visible', flexShrink: 0 }}>
            {t(`members.roles.${member.role}`)}
          </Badge>
        </Group>
        {owner ? (
          <Text size="sm" c="dimmed">
            {t('members.ownerRights')}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('members.summary', {
              count: member.permissions.length,
              discount: member.maxDiscount / 100,
            })}
          </Text>
        )}
        {!owner && (
          <Group gap="xs" mt={4}>
            <Button
              size="sm"
              variant="default"
              onClick={onEdit}
              aria-label={t('members.editOf', { name: member.name })}
            >
              {t('members.edit')}
            </Button>
            <Button
              size="sm"
              variant="subtle"
              color="red"
              onClick={onRemove}
              aria-label={t('members.removeOf', { name: member.name })}
            >
              {t('members.remove')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** An invitation not accepted yet: its address, role, when it expires, and revoke. */
export function InvitationCard({
  invitation,
  now,
  onRevoke,
}: {
  invitation: Invitation;
  now: number;
  onRevoke: () => void;
}) {
  const { t, i18n } = useTranslation();
  const expired = Date.parse(invitation.expiresAt) <= now;
  const until = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(invitation.expiresAt));
  return (
    <Paper withBorder radius="lg" p="md" component="li" aria-label={invitation.email} style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="center" gap="sm">
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {invitation.email}
          </Text>
          <Group gap={6} mt={4}>
            <Badge tt="none" variant="light" style={{ overflow: 'visible' }}>
              {t(`members.roles.${invitation.role}`)}
            </Badge>
            <Text size="sm" c={expired ? 'red' : 'dimmed'}>
              {expired ? t('members.expired') : t('members.expiresOn', { date: until })}
            </Text>
          </Group>
        </div>
        <Button
          size="sm"
          variant="subtle"
          color="red"
          onClick={onRevoke}
          aria-label={t('members.revokeOf', { email: invitation.email })}
        >
          {t('members.revoke')}
        </Button>
      </Group>
    </Paper>
  );
}
