import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { AuditEvent } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';

/** The action's colour: money in and out stand apart from catalogue and settings changes. */
const TONE: Partial<Record<AuditEvent['action'], string>> = {
  SALE: 'teal',
  REFUND: 'orange',
  CASH_MOVE: 'grape',
  SHIFT_OPEN: 'grape',
  SHIFT_CLOSE: 'grape',
  NO_SALE: 'grape',
  PRODUCT_DELETE: 'red',
  CARGO_DELETE: 'red',
  MEMBER_REMOVE: 'red',
};

export interface ActivityFormat {
  dateTime: (iso: string) => string;
  money: (minor: number) => string;
}

/** What happened, in the reader's words where the server sent numbers (an import's counts). */
function useSummary(event: AuditEvent): string {
  const { t } = useTranslation();
  if (event.action === 'PRODUCT_IMPORT') {
    const [created = 0, updated = 0, unchanged = 0, refused = 0] = event.summary.split('/').map(Number);
    return t('activity.importSummary', { created, updated, unchanged, refused });
  }
  // Whose PIN: the member's own, or another's (the summary is their name; the PIN is never logged).
  if (event.action === 'MEMBER_PIN') {
    return event.entityCode === event.userId
      ? t('activity.pinSetOwn')
      : t('activity.pinSetFor', { name: event.summary || t('activity.formerMember') });
  }
  return event.summary;
}

/** One event of the log: when, who (and who approved), what, on which record, and its money. */
export function ActivityRow({ event, format }: { event: AuditEvent; format: ActivityFormat }) {
  const { t } = useTranslation();
  const summary = useSummary(event);
  const who = event.userName ?? t('activity.formerMember');
  return (
    <Paper withBorder radius="md" px="md" py="sm" component="li" data-testid="activity-row">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
            <Badge variant="light" color={TONE[event.action] ?? 'blue'} radius="sm">
              {t(`activity.action.${event.action}`)}
            </Badge>
            {event.entityCode && event.entity !== 'MEMBER' && (
              <Text size="sm" ff="monospace" c="dimmed" truncate>
                {event.entityCode}
              </Text>
            )}
          </Group>
          {event.amount !== null && (
            <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
              {format.money(event.amount)}
            </Text>
          )}
        </Group>
        {summary && (
          <Text size="sm" lineClamp={2}>
            {summary}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {format.dateTime(event.at)} · {who}
          {event.approvedBy &&
            ` · ${t('activity.approvedBy', { name: event.approvedByName ?? t('activity.formerMember') })}`}
        </Text>
      </Stack>
    </Paper>
  );
}
