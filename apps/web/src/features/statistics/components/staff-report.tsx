import { Group, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { StaffFigures } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { ReportFormat } from './use-report-format.ts';

type Figures = Omit<StaffFigures, 'userId' | 'name'>;
const FIGURES: (keyof Figures)[] = [
  'salesCount',
  'salesTotal',
  'refundsCount',
  'refundsTotal',
  'discountsTotal',
  'approvalsReceived',
  'approvalsGiven',
  'pointsRedemptions',
  'pointsRedeemed',
  'pointsDiscount',
];

function sum(rows: StaffFigures[]): Figures {
  const total = Object.fromEntries(FIGURES.map((k) => [k, 0])) as Figures;
  for (const row of rows) for (const k of FIGURES) total[k] += row[k];
  return total;
}

interface Props {
  rows: StaffFigures[];
  format: ReportFormat;
  /** Cards stacked one per member on a phone; a table with a totals row elsewhere. */
  layout: 'table' | 'cards';
}

/** Reports by staff: each member's figures of the period, and all of them together. */
export function StaffReport({ rows, format, layout }: Props) {
  const { t } = useTranslation();
  if (rows.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('statistics.staff.none')}
      </Text>
    );
  }
  const total = sum(rows);
  const name = (row: StaffFigures) => row.name || t('statistics.staff.deletedUser');
  const hint = total.approvalsGiven > 0 && (
    <Text size="xs" c="dimmed" mt="xs">
      {t('statistics.staff.approvalsHint')}
    </Text>
  );
  if (layout === 'cards') {
    return (
      <Stack gap="xs">
        {rows.map((row) => (
          <StaffCard key={row.userId} title={name(row)} figures={row} format={format} />
        ))}
        <StaffCard title={t('statistics.staff.total')} figures={total} format={format} isTotal />
        {hint}
      </Stack>
    );
  }
  const cells = (f: Figures) => (
    <>
      <Table.Td ta="right">{format.count(f.salesCount)}</Table.Td>
      <Table.Td ta="right">{format.money(f.salesTotal)}</Table.Td>
      <Table.Td ta="right">{format.count(f.refundsCount)}</Table.Td>
      <Table.Td ta="right">{format.money(f.refundsTotal)}</Table.Td>
      <Table.Td ta="right">{format.money(f.discountsTotal)}</Table.Td>
      <Table.Td ta="right">{format.count(f.approvalsReceived)}</Table.Td>
      <Table.Td ta="right">{format.count(f.approvalsGiven)}</Table.Td>
      <Table.Td ta="right">{format.count(f.pointsRedemptions)}</Table.Td>
      <Table.Td ta="right">{format.money(f.pointsDiscount)}</Table.Td>
    </>
  );
  return (
    <>
      <ScrollArea type="auto">
        <Table striped verticalSpacing={6} horizontalSpacing="xs" fz="sm" miw={880}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('statistics.staff.member')}</Table.Th>
              <Table.Th ta="right">{t('statistics.staff.sales')}</Table.Th>
              <Table.Th ta="right">{t('statistics.staff.salesTotal')}</Table.Th>
              <Table.Th ta="right">{t('statistics.staff.refunds')}</Table.Th>
              <Table.Th ta="right">{t('statistics.staff.refundsTotal')}</Table.Th>
              <Table.Th ta="right">{t('statistics.discounts')}</Table.Th>
              <Table.Th ta="right">{t('statistics.staff.approvedByOthers')}</Table.Th>
              <Table.Th ta="right">{t('statistics.staff.approvedForOthers')}</Table.Th>
              <Table.Th ta="right">{t('statistics.staff.pointsRedemptions')}</Table.Th>
              <Table.Th ta="right">{t('statistics.staff.pointsDiscount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.userId}>
                <Table.Td fw={500} style={{ whiteSpace: 'nowrap' }}>
                  {name(row)}
                </Table.Td>
                {cells(row)}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot fw={700}>
            <Table.Tr>
              <Table.Td>{t('statistics.staff.total')}</Table.Td>
              {cells(total)}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollArea>
      {hint}
    </>
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right">
        {value}
      </Text>
    </Group>
  );
}

function StaffCard(props: { title: string; figures: Figures; format: ReportFormat; isTotal?: boolean }) {
  const { title, figures: f, format, isTotal } = props;
  const { t } = useTranslation();
  const { money, count } = format;
  return (
    <Paper withBorder radius="md" p="sm" bg={isTotal ? 'var(--mantine-color-default-hover)' : undefined}>
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
        <Text fw={isTotal ? 700 : 600} truncate>
          {title}
        </Text>
        <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
          {money(f.salesTotal)}
        </Text>
      </Group>
      <Stack gap={2}>
        <Line label={t('statistics.staff.sales')} value={count(f.salesCount)} />
        <Line
          label={t('statistics.refunds')}
          value={t('statistics.staff.countAndTotal', { number: count(f.refundsCount), total: money(f.refundsTotal) })}
        />
        <Line label={t('statistics.discounts')} value={money(f.discountsTotal)} />
        <Line
          label={t('statistics.staff.approvals')}
          value={t('statistics.staff.approvalsLine', {
            received: count(f.approvalsReceived),
            given: count(f.approvalsGiven),
          })}
        />
        {f.pointsRedemptions > 0 && (
          <Line
            label={t('statistics.staff.pointsRedemptions')}
            value={t('statistics.staff.pointsLine', {
              number: count(f.pointsRedemptions),
              points: count(f.pointsRedeemed),
              total: money(f.pointsDiscount),
            })}
          />
        )}
      </Stack>
    </Paper>
  );
}
