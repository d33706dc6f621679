import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { TillDevice } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { relativeTime } from '../model/till-times.ts';

interface Props {
  till: TillDevice;
  /** The time the relative texts count from (the screen ticks it every minute). */
  now: number;
  /** An exact time in the store's time zone. */
  exact: (iso: string) => string;
  onRevoke: () => void;
}

/** "Last seen 3 hours ago" (the exact time on hover too) and the exact time beside it. */
function LastSeen({ iso, now, exact }: { iso: string; now: number; exact: (iso: string) => string }) {
  const { t, i18n } = useTranslation();
  const when = relativeTime(iso, now, i18n.language) ?? t('tills.justNow');
  return (
    <Text size="sm">
      <time dateTime={iso} title={exact(iso)}>
        {t('tills.lastSeen', { when })}
      </time>
      <Text span size="sm" c="dimmed">
        {' · '}
        {exact(iso)}
      </Text>
    </Text>
  );
}

/** One till of the store: its name, who made it and when, when it was last seen, active or revoked. */
export function TillCard({ till, now, exact, onRevoke }: Props) {
  const { t } = useTranslation();
  const revoked = till.revokedAt !== null;
  const maker = till.createdBy.name || t('tills.deletedUser');
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="li"
      aria-label={till.name}
      data-testid="till-card"
      style={{ listStyle: 'none' }}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text fw={700} fz="lg" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {till.name}
          </Text>
          <Badge
            tt="none"
            variant={revoked ? 'outline' : 'light'}
            color={revoked ? 'gray' : 'teal'}
            style={{ overflow: 'visible', flexShrink: 0 }}
          >
            {revoked ? t('tills.revoked') : t('tills.active')}
          </Badge>
        </Group>
        {till.lastSeenAt === null ? (
          <Text size="sm">{t('tills.neverSeen')}</Text>
        ) : (
          <LastSeen iso={till.lastSeenAt} now={now} exact={exact} />
        )}
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('tills.madeBy', { name: maker, time: exact(till.createdAt) })}
        </Text>
        {till.revokedAt !== null ? (
          <Text size="sm" c="dimmed">
            {t('tills.revokedAt', { time: exact(till.revokedAt) })}
          </Text>
        ) : (
          <Group gap="xs" mt={4}>
            <Button
              size="sm"
              variant="light"
              color="red"
              onClick={onRevoke}
              aria-label={t('tills.revokeOf', { name: till.name })}
            >
              {t('tills.revoke')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
