import { Alert, Button, Container, Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { paths } from '../../../lib/paths.ts';
import { Link, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { MAX_STATISTIC_DAYS, type StatisticGroup, type StatisticSummary } from '@shopdesk/shared';
import { paymentMethodText } from '../../../lib/payment-methods.ts';
import { IconAlert, IconDownload } from '../../../components/icons.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useStatisticPeriods } from '../api/get-periods.ts';
import { useStorePeople } from '../../../lib/store-people.ts';
import { useStaffReport } from '../api/get-staff-report.ts';
import { useStatisticSummary } from '../api/get-summary.ts';
import { useStockValue } from '../api/get-stock-value.ts';
import { RangeControls, type RangeChoice } from '../components/range-controls.tsx';
import { SalesChart } from '../components/sales-chart.tsx';
import { CustomersSection } from '../components/customers-section.tsx';
import { StaffReport } from '../components/staff-report.tsx';
import { StoredValueSection } from '../components/stored-value-section.tsx';
import { TendersTable } from '../components/tenders-table.tsx';
import { TopItems } from '../components/top-items.tsx';
import { TopProducts } from '../components/top-products.tsx';
import { TotalsGrid } from '../components/totals-grid.tsx';
import { ReportHeading } from '../components/report-heading.tsx';
import { useReportFormat } from '../components/use-report-format.ts';
import { daysIn, defaultGroup, groupsFor, presetPeriod, storeToday, type Period } from '../model/periods.ts';
import { reportCsv, type ReportCsvLabels } from '../model/report-csv.ts';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} component="section">
      <Title order={3} fz={17} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function download(name: string, text: string) {
  // A byte-order mark so spreadsheet programs read the file as UTF-8 (Japanese names included).
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * /{store}/shop/statistic: a period's sales report in the store's time zone — totals with gross
 * sales and refunds, revenue and profit over time, best products, payments per method and currency,
 * the stock's value — and all of it as CSV; its customers (top customers, new and returning, the
 * points liability); its gift cards and store credit (sold, spent, expired, outstanding); and, in a store with staff, each member's figures.
 */

/**
 * Whether an item of several variants sold: its row (named by the item, "T-shirt") then differs
 * from its variants' rows ("T-shirt (M, Red)"). A shop without variants sees no second list.
 */
function hasVariantItems(summary: StatisticSummary): boolean {
  const products = new Set(
    [...summary.topProducts.byQuantity, ...summary.topProducts.byRevenue, ...summary.topProducts.byProfit].map(
      (p) => p.name,
    ),
  );
  return summary.topItems.some((item) => item.variantCount > 1 || !products.has(item.name));
}

export default function StatisticsPage() {
  const { t } = useTranslation();
  const { store = '' } = useParams();
  const virtualStore = useSession((s) => s.virtualStore);
  const today = storeToday(virtualStore?.timezone);
  const [choice, setChoice] = useState<RangeChoice>('today');
  const [custom, setCustom] = useState<Period>(() => presetPeriod('thisMonth', today));
  const [chosenGroup, setGroup] = useState<StatisticGroup | null>(null);

  const customValid = custom.from <= custom.to && daysIn(custom) <= MAX_STATISTIC_DAYS;
  const period =
    choice === 'custom' ? (customValid ? custom : presetPeriod('today', today)) : presetPeriod(choice, today);
  const group = chosenGroup && groupsFor(period).includes(chosenGroup) ? chosenGroup : defaultGroup(period);
  const summary = useStatisticSummary(store, period);
  const periods = useStatisticPeriods(store, period, group);
  const stock = useStockValue(store);
  const staff = useStaffReport(store, period);
  // A store of one person (the owner alone, as in the original) has no report by staff to show.
  const people = useStorePeople(store);
  const hasStaff = new Set([...(people.data ?? []), ...(staff.data ?? [])].map((p) => p.userId)).size > 1;
  const phone = useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const format = useReportFormat(summary.data?.currency ?? virtualStore?.mainCurrency ?? 'USD');
  const error = summary.error ?? periods.error ?? staff.error;

  const exportCsv = () => {
    if (!summary.data || !periods.data) return;
    const labels: ReportCsvLabels = {
      section: {
        totals: t('statistics.totals'),
        overTime: t('statistics.overTime'),
        byQuantity: t('statistics.topByQuantity'),
        byRevenue: t('statistics.topByRevenue'),
        byProfit: t('statistics.topByProfit'),
        tenders: t('statistics.payments'),
        stock: t('statistics.stockValue'),
      },
      figure: {
        grossSales: t('statistics.grossSales'),
        refunds: t('statistics.refunds'),
        netSales: t('statistics.netSales'),
        taxes: t('statistics.taxes'),
        revenue: t('statistics.revenue'),
        cost: t('statistics.cost'),
        profit: t('statistics.profit'),
        discounts: t('statistics.discounts'),
        transactionCount: t('statistics.transactions'),
        refundCount: t('statistics.refundsCount'),
        itemsSold: t('statistics.items'),
        itemsRefunded: t('statistics.itemsReturned'),
        averageBasket: t('statistics.averageBasket'),
        quantity: t('statistics.quantity'),
        refundedQuantity: t('statistics.itemsReturned'),
        taken: t('statistics.taken'),
        refunded: t('statistics.givenBack'),
        netInMain: t('statistics.net'),
        stockAtCost: t('statistics.stockAtCost'),
        stockAtPrice: t('statistics.stockAtPrice'),
      },
      period: t('statistics.period'),
      product: t('statistics.product'),
      code: t('statistics.code'),
      method: t('statistics.method'),
      currency: t('statistics.currency'),
      methodName: (row) => paymentMethodText(t, row),
    };
    const csv = reportCsv({ summary: summary.data, periods: periods.data, stock: stock.data ?? null }, labels);
    download(`${store}-report-${period.from}_${period.to}.csv`, csv);
  };

  return (
    <Container size={1040} px={{ base: 'sm', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <ReportHeading
            title={t('statistics.title')}
            period={period}
            formatDate={format.date}
            timezone={virtualStore?.timezone}
          />
          <Group gap="xs">
            <Button
              variant="default"
              component={Link}
              to={paths.shopExceptions(store)}
              leftSection={<IconAlert size={16} />}
            >
              {t('exceptions.open')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={exportCsv}
              disabled={!summary.data || !periods.data}
            >
              {t('statistics.exportCsv')}
            </Button>
          </Group>
        </Group>

        <RangeControls
          choice={choice}
          custom={custom}
          group={group}
          period={period}
          onChoice={setChoice}
          onCustom={setCustom}
          onGroup={setGroup}
        />

        {error && (
          <Alert color="red" title={t('statistics.loadFailed')}>
            {describeError(t, error)}
          </Alert>
        )}

        {summary.data ? (
          <TotalsGrid totals={summary.data.totals} stock={stock.data} format={format} />
        ) : (
          !error && <Skeleton h={220} radius="lg" />
        )}

        <Section title={t('statistics.overTime')}>
          {periods.data ? (
            <SalesChart period={period} group={group} items={periods.data} format={format} />
          ) : (
            <Skeleton h={260} />
          )}
        </Section>

        {summary.data && (
          <>
            <Section title={t('statistics.topProducts')}>
              <TopProducts top={summary.data.topProducts} format={format} />
            </Section>
            {hasVariantItems(summary.data) && (
              <Section title={t('statistics.topItems')}>
                <TopItems items={summary.data.topItems} format={format} />
              </Section>
            )}
            <Section title={t('statistics.payments')}>
              <TendersTable tenders={summary.data.tenders} format={format} />
            </Section>
          </>
        )}

        <CustomersSection store={store} period={period} format={format} phone={phone} />

        <StoredValueSection store={store} period={period} format={format} />

        {hasStaff && staff.data && (
          <Section title={t('statistics.staff.title')}>
            <StaffReport rows={staff.data} format={format} layout={phone ? 'cards' : 'table'} />
          </Section>
        )}
      </Stack>
    </Container>
  );
}
