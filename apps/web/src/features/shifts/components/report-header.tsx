import { Badge, Group, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { ShiftReport } from '@shopdesk/shared';
import { IconLock } from '../../../components/icons.tsx';
import { shiftTime } from '../lib/shift-text.ts';

/** Number, state and who opened and closed the shift when. */
export function ReportHeader({ report, locale, timeZone }: { report: ShiftReport; locale: string; timeZone: string }) {
  const { t } = useTranslation();
  const closed = report.status === 'CLOSED';
  return (
    <div>
      <Group gap="sm" align="center">
        <Title order={2} fz={24}>
          {t(closed ? 'shifts.zTitle' : 'shifts.xTitle', { number: report.number })}
        </Title>
        {closed ? (
          <Badge color="gray" variant="light" size="lg" leftSection={<IconLock size={14} />}>
            {t('shifts.locked')}
          </Badge>
        ) : (
          <Badge color="teal" variant="light" size="lg">
            {t('shifts.openBadge')}
          </Badge>
        )}
      </Group>
      <Text c="dimmed" fz="sm" mt={4}>
        {t('shifts.openedLine', { at: shiftTime(report.openedAt, locale, timeZone), by: report.openedBy })}
      </Text>
      {report.closedAt && (
        <Text c="dimmed" fz="sm">
          {t('shifts.closedLine', { at: shiftTime(report.closedAt, locale, timeZone), by: report.closedBy ?? '' })}
        </Text>
      )}
    </div>
  );
}
