import { Alert, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { MAX_EXCEPTION_DAYS, type ExceptionsReport } from '@shopdesk/shared';
import { IconDownload } from '../../../components/icons.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { useParams } from '../../../lib/router/index.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useExportExceptionsCsv } from '../api/export-exceptions-csv.ts';
import { useExceptions } from '../api/get-exceptions.ts';
import { ExceptionKindTotals, ExceptionMemberTotals, ExceptionTillTotals } from '../components/exceptions-totals.tsx';
import { ExceptionsList } from '../components/exceptions-list.tsx';
import { RangeControls, type RangeChoice } from '../components/range-controls.tsx';
import { ReportHeading } from '../components/report-heading.tsx';
import { useReportFormat } from '../components/use-report-format.ts';
import { daysIn, presetPeriod, storeToday, type Period } from '../model/periods.ts';

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

/** Times in the store's time zone: where the till is, whatever the viewing device says. */
function useStoreDateTime(locale: string, timeZone: string | undefined) {
  return useMemo(() => {
    let format: Intl.DateTimeFormat;
    try {
      format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    } catch {
      format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    }
    return (iso: string) => format.format(new Date(iso));
  }, [locale, timeZone]);
}

/** Rows made from a person's own session: every row counted by kind, less those counted by till. */
function notOnTill(report: ExceptionsReport): number {
  const sum = (counts: { count: number }[]) => counts.reduce((n, c) => n + c.count, 0);
  return Math.max(0, sum(report.totals) - sum(report.tills));
}

/**
 * /{store}/shop/exceptions: a period's exceptions report (issue 41) — totals per kind, per member
 * and per till, then every row with its till and sale — and its CSV. Open to every member: without
 * REPORTS the server answers the member's own rows (`ownOnly`) and the page says so.
 */
export default function ExceptionsPage() {
  const { t, i18n } = useTranslation();
  const { store = '' } = useParams();
  const virtualStore = useSession((s) => s.virtualStore);
  const today = storeToday(virtualStore?.timezone);
  const [choice, setChoice] = useState<RangeChoice>('today');
  const [custom, setCustom] = useState<Period>(() => presetPeriod('thisMonth', today));
  const customValid = custom.from <= custom.to && daysIn(custom) <= MAX_EXCEPTION_DAYS;
  const period =
    choice === 'custom' ? (customValid ? custom : presetPeriod('today', today)) : presetPeriod(choice, today);
  const report = useExceptions(store, period);
  const exportCsv = useExportExceptionsCsv(store);
  const phone = useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const format = useReportFormat(virtualStore?.mainCurrency ?? 'USD');
  const dateTime = useStoreDateTime(i18n.language, virtualStore?.timezone);
  const data = report.data;

  return (
    <Container size={1040} px={{ base: 'sm', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <ReportHeading
            title={t('exceptions.title')}
            period={period}
            formatDate={format.date}
            timezone={virtualStore?.timezone}
          />
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => exportCsv.mutate(period)}
            loading={exportCsv.isPending}
          >
            {t('exceptions.exportCsv')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('exceptions.description')}
        </Text>

        <RangeControls
          choice={choice}
          custom={custom}
          period={period}
          onChoice={setChoice}
          onCustom={setCustom}
          maxDays={MAX_EXCEPTION_DAYS}
          tooLongText={t('exceptions.tooLong')}
        />

        {data?.ownOnly && (
          <Text size="sm" c="dimmed" data-testid="exceptions-own-only">
            {t('exceptions.ownOnly', { permission: t('rights.permission.REPORTS') })}
          </Text>
        )}
        {report.error && (
          <Alert color="red" title={t('exceptions.loadFailed')}>
            {describeError(t, report.error)}
          </Alert>
        )}
        {exportCsv.error && (
          <Alert color="red" title={t('exceptions.exportFailed')}>
            {describeError(t, exportCsv.error)}
          </Alert>
        )}

        {!data ? (
          !report.error && <Skeleton h={220} radius="lg" />
        ) : (
          <>
            <Section title={t('exceptions.byKind')}>
              <ExceptionKindTotals totals={data.totals} format={format} />
            </Section>
            {data.members.length > 0 && (
              <Section title={t('exceptions.byMember')}>
                <ExceptionMemberTotals members={data.members} format={format} layout={phone ? 'cards' : 'table'} />
              </Section>
            )}
            {data.tills.length > 0 && (
              <Section title={t('exceptions.byTill')}>
                <ExceptionTillTotals tills={data.tills} notOnTill={notOnTill(data)} format={format} />
              </Section>
            )}
            <Section title={t('exceptions.rows')}>
              {data.rows.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {t('exceptions.none')}
                </Text>
              ) : (
                <ExceptionsList
                  store={store}
                  rows={data.rows}
                  format={format}
                  dateTime={dateTime}
                  layout={phone ? 'cards' : 'table'}
                />
              )}
              {data.truncated && (
                <Text size="xs" c="dimmed" mt="xs">
                  {t('exceptions.truncated', { number: format.count(data.rows.length) })}
                </Text>
              )}
            </Section>
          </>
        )}
      </Stack>
    </Container>
  );
}
