import { useState } from 'react';
import { Alert, Anchor, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { CurrencyCode } from '@shopdesk/shared';
import { paths } from '../../../lib/paths.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { useSession } from '../../../lib/session-store.ts';
import { FormError } from '../../../components/form-error.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';
import { useCurrentShift } from '../../../lib/current-shift.ts';
import { useCloseShift } from '../api/close-shift.ts';
import { BlindCount } from '../components/blind-count.tsx';
import { CashMoveForm } from '../components/cash-move-form.tsx';
import { OpenShiftForm } from '../../../components/open-shift-form.tsx';
import { useTillApproval } from '../../../components/till/use-till-approval.tsx';
import { ReportHeader } from '../components/report-header.tsx';
import { ShiftFigures } from '../components/shift-figures.tsx';
import { useShownReport } from '../hooks/use-shown-report.ts';
import { ZReportList } from '../components/z-report-list.tsx';
import { countsBody } from '../lib/blind-count.ts';
import type { ShiftReport } from '@shopdesk/shared';
import { usePermission } from '../../../lib/store-rights.ts';
import { isTill, useTill } from '../../../lib/till/till-state.ts';

function OpenShift({
  store,
  report,
  currencies,
  locale,
  timeZone,
  counting,
  setCounting,
}: {
  store: string;
  report: ShiftReport;
  currencies: CurrencyCode[];
  locale: string;
  timeZone: string;
  counting: boolean;
  setCounting: (counting: boolean) => void;
}) {
  const { t } = useTranslation();
  const cashMoves = usePermission('CASH_MOVES');
  const navigate = useNavigate();
  const lock = useWriteLock();
  const close = useCloseShift(store, report.id);
  const shown = useShownReport(store, report);
  // On a till whose member may not close shifts, a member who may approves with their PIN.
  const approval = useTillApproval(store);

  if (counting) {
    return (
      <Stack gap="md">
        <Title order={2} fz={24}>
          {t('shifts.countTitle', { number: report.number })}
        </Title>
        {close.isError && <FormError>{describeError(t, close.error)}</FormError>}
        <BlindCount
          currencies={currencies}
          locale={locale}
          busy={close.isPending}
          disabled={lock.disabled}
          onCancel={() => setCounting(false)}
          onClose={(state) =>
            approval.withApproval({ permission: 'SHIFTS' }, (given) =>
              close.mutate(
                { counts: countsBody(state, currencies), ...(given ? { approval: given } : {}) },
                { onSuccess: (z) => void navigate(paths.shopShiftReport(store, z.id)) },
              ),
            )
          }
        />
        {approval.dialog}
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <ReportHeader report={shown} locale={locale} timeZone={timeZone} />
        <Group gap="xs">
          <Button variant="default" component={Link} to={paths.shopShiftReport(store, report.id)}>
            {t('shifts.printX')}
          </Button>
          <Button color="red" onClick={() => setCounting(true)}>
            {t('shifts.close')}
          </Button>
        </Group>
      </Group>
      <ShiftFigures report={shown} locale={locale} timeZone={timeZone} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="move-heading">
        <Title order={3} fz={18} mb="sm" id="move-heading">
          {t('shifts.moveHeading')}
        </Title>
        {cashMoves.allowed ? (
          <CashMoveForm store={store} shiftId={report.id} currencies={currencies} />
        ) : (
          <Text size="sm" c="dimmed">
            {cashMoves.reason}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}

/** The till's shift: open it with a float, its X report, pay-ins and pay-outs, the blind count and past Z reports. */
export default function ShiftPage() {
  const { t } = useTranslation();
  const { store = '' } = useParams();
  const current = useCurrentShift(store);
  const virtualStore = useSession((s) => s.virtualStore);
  const locale = useSession((s) => s.userLocale);
  const settings = usePermission('SETTINGS');
  const onTill = useTill(isTill);
  const timeZone = virtualStore?.timezone ?? 'UTC';
  const currencies = (
    virtualStore
      ? [virtualStore.mainCurrency, ...(virtualStore.secondCurrency ? [virtualStore.secondCurrency] : [])]
      : []
  ) as CurrencyCode[];
  const shift = current.data?.shift ?? null;
  // While the drawer is counted, nothing else is on screen (the past reports would only distract).
  const [counting, setCounting] = useState(false);
  const reports = usePermission('REPORTS');

  return (
    <Container size={720} px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        {current.isPending && <Skeleton h={320} radius="lg" />}
        {current.isError && <FormError>{describeError(t, current.error)}</FormError>}
        {current.isSuccess && shift && (
          <OpenShift
            store={store}
            report={shift}
            currencies={currencies}
            locale={locale}
            timeZone={timeZone}
            counting={counting}
            setCounting={setCounting}
          />
        )}
        {current.isSuccess && !shift && (
          <>
            <Title order={2} fz={24}>
              {t('shifts.title')}
            </Title>
            {virtualStore && !virtualStore.shiftsEnabled ? (
              <Alert color="gray" title={t('shifts.offTitle')}>
                {t('shifts.offText')}{' '}
                {/* The settings are no screen of a till's, nor of a member without SETTINGS: said, not linked. */}
                {settings.allowed && !onTill ? (
                  <Anchor component={Link} to={paths.profileStoreSales(store, virtualStore.urlName)}>
                    {t('shifts.turnOn')}
                  </Anchor>
                ) : (
                  t('shifts.turnOnAsk')
                )}
              </Alert>
            ) : (
              <Paper
                withBorder
                radius="lg"
                p={{ base: 'md', sm: 'lg' }}
                component="section"
                aria-labelledby="open-heading"
              >
                <Title order={3} fz={18} mb="sm" id="open-heading">
                  {t('shifts.openHeading')}
                </Title>
                <OpenShiftForm store={store} currencies={currencies} />
              </Paper>
            )}
          </>
        )}
        {/* Past Z reports are reports: a member without REPORTS sees only the open shift. */}
        {!(shift && counting) && reports.allowed && <ZReportList store={store} locale={locale} timeZone={timeZone} />}
      </Stack>
    </Container>
  );
}
