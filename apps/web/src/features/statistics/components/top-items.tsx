import { ScrollArea, Table, Text } from '@mantine/core';
import { formatQuantity, type StatisticSummary } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { ReportFormat } from './use-report-format.ts';

/**
 * The period's best items by revenue, their variants rolled up (product.md §5 "Variants": reports
 * roll up by item): a T-shirt sold in six sizes and colours is one row, with how many of its
 * variants sold. Profit is shown only when the server sends it (a member who may see costs).
 */
export function TopItems({ items, format }: { items: StatisticSummary['topItems']; format: ReportFormat }) {
  const { t } = useTranslation();
  if (items.length === 0) {
    return (
      <Text c="dimmed" size="sm" py="md">
        {t('statistics.noProducts')}
      </Text>
    );
  }
  const withProfit = items.some((i) => i.profit !== null);
  return (
    <ScrollArea type="auto">
      <Table striped verticalSpacing={6} horizontalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('statistics.itemColumn')}</Table.Th>
            <Table.Th ta="right">{t('statistics.quantity')}</Table.Th>
            <Table.Th ta="right">{t('statistics.revenue')}</Table.Th>
            {withProfit && <Table.Th ta="right">{t('statistics.profit')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.itemId}>
              <Table.Td>
                <Text size="sm" fw={500} lineClamp={2}>
                  {item.name}
                </Text>
                {item.variantCount > 1 && (
                  <Text size="xs" c="dimmed">
                    {t('statistics.itemVariants', { count: item.variantCount })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">
                {item.unit ? formatQuantity(item.quantity, item.unit) : format.count(item.quantity)}
              </Table.Td>
              <Table.Td ta="right">{format.money(item.revenue)}</Table.Td>
              {withProfit && (
                <Table.Td ta="right" c={(item.profit ?? 0) < 0 ? 'red.7' : undefined}>
                  {item.profit === null ? '—' : format.money(item.profit)}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
