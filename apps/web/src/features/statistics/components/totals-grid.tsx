import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { StatisticTotals } from '@shopdesk/shared';
import type { ReportFormat } from './use-report-format.ts';

interface Props {
  totals: StatisticTotals;
  /** The value at cost is null for a member who may not see cost (the server sends none). */
  stock: { stockValueAtCost: number | null; stockValueAtPrice: number } | undefined;
  format: ReportFormat;
}

function Figure({ label, value, hint, tone }: { label: string; value: string; hint?: string; tone?: 'loss' }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" lh={1.3}>
        {label}
      </Text>
      <Text
        fw={700}
        fz={{ base: 17, sm: 20 }}
        c={tone === 'loss' ? 'red.7' : undefined}
        style={{ wordBreak: 'break-word' }}
      >
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/** The period's figures at a glance: gross sales and refunds side by side, then what is left of them. */
export function TotalsGrid({ totals, stock, format }: Props) {
  const { t } = useTranslation();
  const { money, count } = format;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm" data-testid="report-totals">
        <Figure label={t('statistics.grossSales')} value={money(totals.grossSales)} />
        <Figure
          label={t('statistics.refunds')}
          value={money(totals.refunds)}
          hint={t('statistics.refundCount', { count: totals.refundCount })}
        />
        <Figure label={t('statistics.netSales')} value={money(totals.netSales)} />
        <Figure label={t('statistics.revenue')} value={money(totals.revenue)} hint={t('statistics.revenueHint')} />
        <Figure
          label={t('statistics.profit')}
          value={money(totals.profit)}
          tone={totals.profit < 0 ? 'loss' : undefined}
          hint={t('statistics.costHint', { cost: money(totals.cost) })}
        />
        <Figure label={t('statistics.transactions')} value={count(totals.transactionCount)} />
        <Figure
          label={t('statistics.items')}
          value={count(totals.itemsSold)}
          hint={totals.itemsRefunded ? t('statistics.itemsRefunded', { count: totals.itemsRefunded }) : undefined}
        />
        <Figure label={t('statistics.averageBasket')} value={money(totals.averageBasket)} />
        <Figure label={t('statistics.discounts')} value={money(totals.discounts)} />
        <Figure label={t('statistics.taxes')} value={money(totals.taxes)} />
      </SimpleGrid>
      {stock && (
        <SimpleGrid cols={2} spacing="sm" aria-label={t('statistics.stockValue')} data-testid="report-stock">
          {stock.stockValueAtCost !== null && (
            <Figure
              label={t('statistics.stockAtCost')}
              value={money(stock.stockValueAtCost)}
              hint={t('statistics.stockHint')}
            />
          )}
          <Figure
            label={t('statistics.stockAtPrice')}
            value={money(stock.stockValueAtPrice)}
            hint={t('statistics.stockHint')}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
