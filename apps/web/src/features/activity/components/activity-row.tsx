import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { AuditEvent } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { summaryText } from '../lib/activity-summary.ts';

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
  INVITATION_REVOKE: 'red',
  PAYMENT_METHOD_DELETE: 'red',
  RECEIPT_LOGO_DELETE: 'red',
};

/** Entities whose code is an id no reader needs (a member's, a payment method's): the summary names them. */
const CODE_HIDDEN = new Set<AuditEvent['entity']>(['MEMBER', 'PAYMENT_METHOD']);

export interface ActivityFormat {
  dateTime: (iso: string) => string;
  money: (minor: number) => string;
}

/** One event of the log: when, who (and who approved), what, on which record, and its money. */
export function ActivityRow({ event, format }: { event: AuditEvent; format: ActivityFormat }) {
  const { t, i18n } = useTranslation();
  const summary = summaryText(event, t, { locale: i18n.language, money: format.money });
  const who = event.userName ?? t('activity.formerMember');
  return (
    <Paper withBorder radius="md" px="md" py="sm" component="li" data-testid="activity-row">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
            <Badge variant="light" color={TONE[event.action] ?? 'blue'} radius="sm">
              {t(`activity.action.${event.action}`)}
            </Badge>
            {event.entityCode && !CODE_HIDDEN.has(event.entity) && (
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
