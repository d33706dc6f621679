import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { Statistic, StatisticGroup } from '@shopdesk/shared';
import { periodKeys, type Period } from '../model/periods.ts';
import type { ReportFormat } from './use-report-format.ts';

interface Props {
  period: Period;
  group: StatisticGroup;
  items: Statistic[];
  format: ReportFormat;
}

/**
 * Revenue and profit per hour, day or month, quiet periods drawn as zero. Its chart library and
 * styles come with this page only, never with the first screen.
 */
export function SalesChart({ period, group, items, format }: Props) {
  const { t } = useTranslation();
  const data = useMemo(() => {
    const byKey = new Map(items.map((i) => [i.period, i]));
    return periodKeys(period, group).map((key) => ({
      label: format.period(key, group),
      revenue: byKey.get(key)?.revenue ?? 0,
      profit: byKey.get(key)?.profit ?? 0,
    }));
  }, [items, period, group, format]);
  return (
    <BarChart
      h={260}
      data={data}
      dataKey="label"
      series={[
        { name: 'revenue', label: t('statistics.revenue'), color: 'blue.6' },
        { name: 'profit', label: t('statistics.profit'), color: 'teal.6' },
      ]}
      valueFormatter={(v) => format.money(v)}
      yAxisProps={{ width: 80 }}
      withLegend
      legendProps={{ verticalAlign: 'top', height: 40 }}
      tickLine="y"
      gridAxis="y"
      barProps={{ radius: 2 }}
    />
  );
}
