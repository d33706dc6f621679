import { lazy, Suspense } from 'react';
import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { useOnline } from '../../../lib/connectivity.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { paths } from '../../../lib/paths.ts';
import { useTransaction } from '../api/get-transaction.ts';
import { AmountRow, DetailSection } from './detail-section.tsx';
import { RefundPanel } from './refund-panel.tsx';
import { SaleLines } from './sale-lines.tsx';
import { SaleRefunds } from './sale-refunds.tsx';
import { SaleTotals } from './sale-totals.tsx';
import { StatusBadge } from './status-badge.tsx';
import { TenderRows } from './tender-rows.tsx';
import { useSalesFormat } from './use-sales-format.ts';

// Reprint and share load with the first tap on a sale, not with the list.
const ReceiptActions = lazy(() =>
  import('../../../printing/receipt-actions/receipt-actions.tsx').then((m) => ({ default: m.ReceiptActions })),
);

/** Names of rate sources people know; anything else (e.g. "ECB+SNAPSHOT") is shown as sent. */
const KNOWN_SOURCES = ['MANUAL', 'ECB', 'PEG', 'SNAPSHOT', 'IDENTITY'];

/** One sale in full: lines, totals and taxes, payment with its rate, refunds, note, and refunding. */
export function TransactionDetail({ store, code }: { store: string; code: string }) {
  const { t } = useTranslation();
  const f = useSalesFormat();
  const online = useOnline();
  const query = useTransaction(store, code);
  const sale = query.data;

  if (!sale) {
    if (query.isError) {
      return (
        <Alert color="red" role="alert">
          {describeError(t, query.error)}
        </Alert>
      );
    }
    if (!online) {
      return (
        <Alert color="orange" role="status">
          {t('sales.detailOffline')}
        </Alert>
      );
    }
    return <Skeleton h={360} radius="lg" />;
  }

  const change = sale.payments.reduce((n, p) => n + p.change, 0);
  return (
    <Stack gap="lg" data-testid="sale-detail">
      <div>
        <Group gap="sm" wrap="wrap" align="center">
          <Title order={2} fz={22} ff="monospace">
            {sale.code}
          </Title>
          <StatusBadge status={sale.status} />
        </Group>
        <Text c="dimmed" mt={4}>
          {f.dateTime(sale.completedAt ?? sale.soldAt)}
          {f.timeZone ? ` · ${f.timeZone}` : ''}
        </Text>
        {sale.servedBy && (
          <Text fz="sm" mt={2} data-testid="sale-served-by">
            {t('sales.servedBy', { name: sale.servedBy.name })}
          </Text>
        )}
      </div>
      {sale.status === 'PARKED' && (
        <Alert color="blue" role="status">
          <Group justify="space-between" gap="sm">
            <Text fz="sm">{t('sales.heldText')}</Text>
            <Button component={Link} to={paths.shopCounter(store, sale.code)} size="xs">
              {t('sales.reopen')}
            </Button>
          </Group>
        </Alert>
      )}
      {sale.status !== 'PARKED' && (
        <Suspense fallback={null}>
          <ReceiptActions code={sale.code} size="sm" />
        </Suspense>
      )}
      <DetailSection title={t('sales.lines')}>
        <SaleLines sale={sale} f={f} />
      </DetailSection>
      <SaleTotals sale={sale} f={f} />
      {sale.payments.length > 0 && (
        <DetailSection title={t('sales.payment')}>
          <TenderRows tenders={sale.payments} main={sale.currency} f={f} />
          {change > 0 && sale.payments.filter((p) => p.change > 0).length > 1 && (
            <AmountRow label={t('sales.totalChange')} value={f.money(sale.changeInMain, sale.currency)} />
          )}
          {sale.rate && (
            <Text fz="xs" c="dimmed" data-testid="sale-rate">
              {t('sales.rateUsed', {
                base: sale.rate.base,
                rate: f.exchangeRate(sale.rate.rate),
                quote: sale.rate.quote,
                date: sale.rate.date,
                source: KNOWN_SOURCES.includes(sale.rate.source)
                  ? t(`sales.rateSource.${sale.rate.source}`)
                  : sale.rate.source,
              })}
            </Text>
          )}
        </DetailSection>
      )}
      {sale.note && (
        <DetailSection title={t('sales.note')}>
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {sale.note}
          </Text>
        </DetailSection>
      )}
      {sale.refunds.length > 0 && (
        <DetailSection title={t('sales.refunds', { count: sale.refunds.length })}>
          <SaleRefunds sale={sale} f={f} />
        </DetailSection>
      )}
      <RefundPanel key={sale.code} store={store} sale={sale} f={f} />
    </Stack>
  );
}
