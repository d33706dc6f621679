import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { MAX_CUSTOMER_REPORT_DAYS } from '@shopdesk/shared';
import { IconDownload } from '../../../components/icons.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { useExportCustomersCsv } from '../api/export-customers-csv.ts';
import { useCustomerReport } from '../api/get-customer-report.ts';
import { daysIn, type Period } from '../model/periods.ts';
import { CustomersReport } from './customers-report.tsx';
import type { ReportFormat } from './use-report-format.ts';

/**
 * The statistics page's Customers section: its own report (it reads sales, not the aggregates, so
 * it covers at most a year where the sales report covers three) and its CSV.
 */
export function CustomersSection(props: { store: string; period: Period; format: ReportFormat; phone: boolean }) {
  const { store, period, format, phone } = props;
  const { t } = useTranslation();
  const fits = daysIn(period) <= MAX_CUSTOMER_REPORT_DAYS;
  const report = useCustomerReport(store, period, fits);
  const exportCsv = useExportCustomersCsv(store);
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="customers-title">
      <Group justify="space-between" gap="xs" mb="sm">
        <Title order={3} fz={17} id="customers-title">
          {t('statistics.customers.title')}
        </Title>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} />}
          onClick={() => exportCsv.mutate(period)}
          loading={exportCsv.isPending}
          disabled={!fits}
        >
          {t('statistics.customers.exportCsv')}
        </Button>
      </Group>
      <Stack gap="sm">
        {!fits && (
          <Text size="sm" c="dimmed">
            {t('statistics.customers.tooLong')}
          </Text>
        )}
        {(report.error ?? exportCsv.error) && (
          <Alert
            color="red"
            title={t(report.error ? 'statistics.customers.loadFailed' : 'statistics.customers.exportFailed')}
          >
            {describeError(t, (report.error ?? exportCsv.error)!)}
          </Alert>
        )}
        {fits &&
          (report.data ? (
            <CustomersReport report={report.data} format={format} layout={phone ? 'cards' : 'table'} />
          ) : (
            !report.error && <Skeleton h={240} />
          ))}
      </Stack>
    </Paper>
  );
}
