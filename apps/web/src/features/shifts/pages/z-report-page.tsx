import { Anchor, Button, Container, Group, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '../../../lib/notifications.ts';
import { Link, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { paths } from '../../../lib/paths.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { useSession } from '../../../lib/session-store.ts';
import { FormError } from '../../../components/form-error.tsx';
import { NotFound } from '../../../components/not-found.tsx';
import { IconBack, IconPrinter } from '../../../components/icons.tsx';
import { useReceiptPrinter } from '../../../printing/receipts/use-receipt-printer.ts';
import { useShift } from '../api/get-shift.ts';
import { ReportHeader } from '../components/report-header.tsx';
import { ShiftFigures } from '../components/shift-figures.tsx';
import { useShownReport } from '../hooks/use-shown-report.ts';
import { shiftReportDocument } from '../lib/z-report-document.ts';
import './shifts-print.css';

/** One shift's report: the Z report of a closed shift (locked), the X report of the open one; printable. */
export default function ZReportPage() {
  const { t } = useTranslation();
  const { store = '', id = '' } = useParams();
  const report = useShift(store, id);
  // On a till whose member lacks REPORTS, an open shift's X report is blind, screen and printout alike.
  const data = useShownReport(store, report.data);
  const virtualStore = useSession((s) => s.virtualStore);
  const locale = useSession((s) => s.userLocale);
  const printer = useReceiptPrinter();
  const timeZone = virtualStore?.timezone ?? 'UTC';

  if (report.error instanceof ApiRequestError && report.error.status === 404) {
    return (
      <NotFound title={t('shifts.notFoundTitle')} text={t('shifts.notFoundText')} homeTo={paths.shopShift(store)} />
    );
  }

  const printOnPrinter = async () => {
    if (!data) return;
    const doc = shiftReportDocument(data, t, {
      storeName: virtualStore?.name ?? '',
      locale,
      timeZone,
      paperWidth: printer.settings.paperWidth,
    });
    const result = await printer.printReceipt(doc, t('shifts.zTitle', { number: data.number }));
    if (result.via === 'bluetooth')
      notifications.show({ color: 'teal', message: t('shifts.printed', { printer: result.printer }) });
  };

  return (
    <Container size={720} px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }} className="shifts-print-area">
      <Stack gap="lg">
        <Anchor
          component={Link}
          to={paths.shopShift(store)}
          fz="sm"
          className="shifts-no-print"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minHeight: 44 }}
        >
          <IconBack size={16} aria-hidden />
          {t('shifts.backToShifts')}
        </Anchor>
        {report.isPending && <Skeleton h={420} radius="lg" />}
        {report.isError && <FormError>{describeError(t, report.error)}</FormError>}
        {data && (
          <>
            <Text fw={700}>{virtualStore?.name}</Text>
            <ReportHeader report={data} locale={locale} timeZone={timeZone} />
            <Group gap="xs" className="shifts-no-print">
              <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
                {t('shifts.printBrowser')}
              </Button>
              <Button
                variant="light"
                leftSection={<IconPrinter size={16} />}
                loading={printer.busy === 'printing'}
                onClick={() => void printOnPrinter()}
              >
                {t('shifts.printReceipt')}
              </Button>
            </Group>
            <ShiftFigures report={data} locale={locale} timeZone={timeZone} />
            <Text fz="sm" c="dimmed" ta="center">
              {t(data.status === 'CLOSED' ? 'shifts.lockedNote' : 'shifts.xNote')}
            </Text>
          </>
        )}
      </Stack>
    </Container>
  );
}
