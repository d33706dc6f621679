import { ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { TenderStatistic } from '@shopdesk/shared';
import { paymentMethodText } from '../../../lib/payment-methods.ts';
import type { ReportFormat } from './use-report-format.ts';

/** Money taken and given back per payment method and currency; the net in the main currency. */
export function TendersTable({ tenders, format }: { tenders: TenderStatistic[]; format: ReportFormat }) {
  const { t } = useTranslation();
  if (tenders.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('statistics.noPayments')}
      </Text>
    );
  }
  return (
    <ScrollArea type="auto">
      <Table verticalSpacing={6} horizontalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('statistics.method')}</Table.Th>
            <Table.Th ta="right">{t('statistics.taken')}</Table.Th>
            <Table.Th ta="right">{t('statistics.givenBack')}</Table.Th>
            <Table.Th ta="right">{t('statistics.net')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tenders.map((row) => (
            <Table.Tr key={`${row.methodId} ${row.currency}`}>
              <Table.Td>
                {paymentMethodText(t, row)}{' '}
                <Text span c="dimmed" size="sm">
                  {row.currency}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{format.money(row.taken, row.currency)}</Table.Td>
              <Table.Td ta="right">{format.money(row.refunded, row.currency)}</Table.Td>
              <Table.Td ta="right">{format.money(row.takenInMain - row.refundedInMain)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
