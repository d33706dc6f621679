import { Alert, Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { StoredValueReport } from '@shopdesk/shared';
import { Link } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { paths } from '../../../lib/paths.ts';
import { useStoredValueReport } from '../api/get-stored-value-report.ts';
import type { Period } from '../model/periods.ts';
import type { ReportFormat } from './use-report-format.ts';

/** One line of a kind's figures: what moved, signed as the ledger moved it (spent and expired take off). */
function Row({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" data-testid={testId}>
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 600 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 800 : 600} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** The figures of one report, gift cards beside store credit. */
export function StoredValueFigures({ report, format }: { report: StoredValueReport; format: ReportFormat }) {
  const { t } = useTranslation();
  const money = (n: number) => format.money(n, report.currency);
  const g = report.giftCards;
  const c = report.storeCredit;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Paper withBorder radius="md" p="sm">
        <Title order={4} fz={15} mb="xs">
          {t('statistics.storedValue.giftCards')}
        </Title>
        <Stack gap={4}>
          <Row
            label={t('statistics.storedValue.sold', { count: g.soldCount })}
            value={money(g.sold)}
            testId="sv-report-sold"
          />
          <Row label={t('statistics.storedValue.redeemed')} value={money(g.redeemed)} testId="sv-report-redeemed" />
          <Row label={t('statistics.storedValue.refunded')} value={money(g.refunded)} testId="sv-report-refunded" />
          <Row label={t('statistics.storedValue.adjusted')} value={money(g.adjusted)} testId="sv-report-adjusted" />
          <Row label={t('statistics.storedValue.breakage')} value={money(g.expired)} testId="sv-report-expired" />
          <Row
            label={t('statistics.storedValue.outstanding')}
            value={money(g.outstanding)}
            testId="sv-report-outstanding"
            strong
          />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="sm">
        <Title order={4} fz={15} mb="xs">
          {t('statistics.storedValue.storeCredit')}
        </Title>
        <Stack gap={4}>
          <Row label={t('statistics.storedValue.issued')} value={money(c.issued)} testId="sv-report-credit-issued" />
          <Row label={t('statistics.storedValue.spent')} value={money(c.spent)} testId="sv-report-credit-spent" />
          <Row
            label={t('statistics.storedValue.adjusted')}
            value={money(c.adjusted)}
            testId="sv-report-credit-adjusted"
          />
          <Row
            label={t('statistics.storedValue.creditExpired')}
            value={money(c.expired)}
            testId="sv-report-credit-expired"
          />
          <Row
            label={t('statistics.storedValue.outstanding')}
            value={money(c.outstanding)}
            testId="sv-report-credit-outstanding"
            strong
          />
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}

/**
 * The statistics page's gift cards section for the chosen period: cards sold, redeemed, refunded,
 * expired unused (breakage) and outstanding at its end; store credit issued, spent and outstanding.
 */
export function StoredValueSection({ store, period, format }: { store: string; period: Period; format: ReportFormat }) {
  const { t } = useTranslation();
  const report = useStoredValueReport(store, period);
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="stored-value-title">
      <Group justify="space-between" gap="xs" mb="sm">
        <Title order={3} fz={17} id="stored-value-title">
          {t('statistics.storedValue.title')}
        </Title>
        <Anchor component={Link} to={paths.giftCardLiability(store)} fz="sm">
          {t('statistics.storedValue.liabilityLink')}
        </Anchor>
      </Group>
      {report.error && (
        <Alert color="red" title={t('statistics.storedValue.loadFailed')}>
          {describeError(t, report.error)}
        </Alert>
      )}
      {report.data ? (
        <Stack gap="xs" style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
          <StoredValueFigures report={report.data} format={format} />
          <Text size="xs" c="dimmed">
            {t('statistics.storedValue.hint')}
          </Text>
        </Stack>
      ) : (
        !report.error && <Skeleton h={180} />
      )}
    </Paper>
  );
}
