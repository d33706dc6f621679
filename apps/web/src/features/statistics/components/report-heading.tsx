import { Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';

/** A report's title over its period (one day, or from–to) and the store's time zone the days are in. */
export function ReportHeading({
  title,
  period,
  formatDate,
  timezone,
}: {
  title: string;
  period: { from: string; to: string };
  formatDate: (date: string) => string;
  timezone: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <Title order={2} fz={24}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {period.from === period.to
          ? formatDate(period.from)
          : t('statistics.range', { from: formatDate(period.from), to: formatDate(period.to) })}
        {timezone ? ` · ${timezone}` : ''}
      </Text>
    </div>
  );
}
