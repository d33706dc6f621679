import { ScrollArea, Table, Tabs, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { formatQuantity, type StatisticSummary, type TopProduct } from '@shopdesk/shared';
import type { ReportFormat } from './use-report-format.ts';

function Rows({ list, format }: { list: TopProduct[]; format: ReportFormat }) {
  const { t } = useTranslation();
  if (list.length === 0) {
    return (
      <Text c="dimmed" size="sm" py="md">
        {t('statistics.noProducts')}
      </Text>
    );
  }
  return (
    <ScrollArea type="auto">
      <Table striped verticalSpacing={6} horizontalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('statistics.product')}</Table.Th>
            <Table.Th ta="right">{t('statistics.quantity')}</Table.Th>
            <Table.Th ta="right">{t('statistics.revenue')}</Table.Th>
            <Table.Th ta="right">{t('statistics.profit')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((p) => (
            <Table.Tr key={p.productId ?? `open:${p.name}`}>
              <Table.Td>
                <Text size="sm" fw={500} lineClamp={2}>
                  {p.name}
                </Text>
                {p.code && (
                  <Text size="xs" c="dimmed">
                    {p.code}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">
                {/* A weighed product's figures are thousandths of its unit: 0.342 kg. */}
                {p.unit ? formatQuantity(p.quantity, p.unit) : format.count(p.quantity)}
                {p.refundedQuantity > 0 && (
                  <Text size="xs" c="dimmed">
                    {p.unit
                      ? t('statistics.returnedMeasured', { quantity: formatQuantity(p.refundedQuantity, p.unit) })
                      : t('statistics.returned', { count: p.refundedQuantity })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{format.money(p.revenue)}</Table.Td>
              <Table.Td ta="right" c={p.profit < 0 ? 'red.7' : undefined}>
                {format.money(p.profit)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** The ten best products of the period by quantity, revenue or profit. */
export function TopProducts({ top, format }: { top: StatisticSummary['topProducts']; format: ReportFormat }) {
  const { t } = useTranslation();
  return (
    <Tabs defaultValue="quantity" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="quantity">{t('statistics.byQuantity')}</Tabs.Tab>
        <Tabs.Tab value="revenue">{t('statistics.byRevenue')}</Tabs.Tab>
        <Tabs.Tab value="profit">{t('statistics.byProfit')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="quantity" pt="xs">
        <Rows list={top.byQuantity} format={format} />
      </Tabs.Panel>
      <Tabs.Panel value="revenue" pt="xs">
        <Rows list={top.byRevenue} format={format} />
      </Tabs.Panel>
      <Tabs.Panel value="profit" pt="xs">
        <Rows list={top.byProfit} format={format} />
      </Tabs.Panel>
    </Tabs>
  );
}
