import { Badge, Group, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { CustomerGroup, CustomerReport, CustomerSales } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { PointsLiability } from './points-liability.tsx';
import type { ReportFormat } from './use-report-format.ts';

interface Props {
  report: CustomerReport;
  format: ReportFormat;
  /** Cards on a phone; a table elsewhere. */
  layout: 'table' | 'cards';
}

/**
 * The customers of the period (issue 42): the top customers by net sales, new versus returning
 * customers beside the sales without one, and the points liability.
 */
export function CustomersReport({ report, format, layout }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={4} fz={15}>
          {t('statistics.customers.top')}
        </Title>
        {report.topCustomers.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('statistics.customers.none')}
          </Text>
        ) : layout === 'cards' ? (
          <TopCards rows={report.topCustomers} format={format} />
        ) : (
          <TopTable rows={report.topCustomers} format={format} />
        )}
        {report.customerCount > report.topCustomers.length && (
          <Text size="xs" c="dimmed">
            {t('statistics.customers.shownOf', {
              shown: format.count(report.topCustomers.length),
              number: format.count(report.customerCount),
            })}
          </Text>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={4} fz={15}>
          {t('statistics.customers.groups')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          <GroupCard label={t('statistics.customers.newCustomers')} group={report.newCustomers} format={format} />
          <GroupCard
            label={t('statistics.customers.returningCustomers')}
            group={report.returningCustomers}
            format={format}
          />
          <GroupCard label={t('statistics.customers.anonymous')} group={report.anonymous} format={format} anonymous />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('statistics.customers.groupsHint')}
        </Text>
      </Stack>
      <PointsLiability points={report.points} format={format} />
    </Stack>
  );
}

function NewBadge() {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color="teal" radius="sm" size="sm">
      {t('statistics.customers.new')}
    </Badge>
  );
}

function useName() {
  const { t } = useTranslation();
  return (row: CustomerSales) => row.name || t('statistics.customers.unnamed');
}

function TopTable({ rows, format }: { rows: CustomerSales[]; format: ReportFormat }) {
  const { t } = useTranslation();
  const name = useName();
  return (
    <ScrollArea type="auto">
      <Table striped verticalSpacing={6} horizontalSpacing="xs" fz="sm" miw={640} data-testid="top-customers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('statistics.customers.customer')}</Table.Th>
            <Table.Th ta="right">{t('statistics.customers.sales')}</Table.Th>
            <Table.Th ta="right">{t('statistics.customers.total')}</Table.Th>
            <Table.Th ta="right">{t('statistics.customers.refunded')}</Table.Th>
            <Table.Th ta="right">{t('statistics.customers.net')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.customerId}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={500} lineClamp={1}>
                    {name(row)}
                  </Text>
                  {row.newInPeriod && <NewBadge />}
                </Group>
                <Text size="xs" c="dimmed" ff="monospace">
                  {row.code}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{format.count(row.salesCount)}</Table.Td>
              <Table.Td ta="right">{format.money(row.total)}</Table.Td>
              <Table.Td ta="right">{row.refunded ? format.money(row.refunded) : ''}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {format.money(row.net)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

function TopCards({ rows, format }: { rows: CustomerSales[]; format: ReportFormat }) {
  const { t } = useTranslation();
  const name = useName();
  return (
    <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid="top-customers">
      {rows.map((row) => (
        <Paper key={row.customerId} withBorder radius="md" px="sm" py="xs" component="li">
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                <Text fw={600} size="sm" truncate>
                  {name(row)}
                </Text>
                {row.newInPeriod && <NewBadge />}
              </Group>
              <Text size="xs" c="dimmed" ff="monospace">
                {row.code}
              </Text>
            </Stack>
            <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
              {format.money(row.net)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {[
              t('statistics.customers.salesLine', { count: row.salesCount, total: format.money(row.total) }),
              row.refunded ? `${t('statistics.customers.refunded')} ${format.money(row.refunded)}` : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

function GroupCard(props: { label: string; group: CustomerGroup; format: ReportFormat; anonymous?: boolean }) {
  const { label, group, format, anonymous } = props;
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="customer-group">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {anonymous ? format.money(group.total) : format.count(group.customers)}
      </Text>
      <Text size="sm">
        {anonymous
          ? t('statistics.customers.salesCount', { count: group.salesCount })
          : t('statistics.customers.salesLine', { count: group.salesCount, total: format.money(group.total) })}
      </Text>
    </Paper>
  );
}
