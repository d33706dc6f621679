import { useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { IMPORT_CHECK_MAX_CODES, parseCsv } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { IconDownload, IconUpload } from '../../../components/icons.tsx';
import { downloadCsv } from '../../../components/import/download.ts';
import { ImportProgressView, ImportSummaryView } from '../../../components/import/import-report.tsx';
import { runImport, type ImportProgress, type ImportSummary } from '../../../components/import/run-import.ts';
import { checkCustomerImport, importCustomerBatch, type CustomerImportRow } from '../api/import-customers.ts';
import { customerKeys } from '../api/keys.ts';
import {
  CUSTOMER_FIELDS,
  countNewRows,
  customerTemplateCsv,
  lacksNameAndPhone,
  mapCustomerHeader,
  toCustomerRows,
  type CustomerField,
} from '../lib/import-rows.ts';

interface Plan {
  rowsRead: number;
  fresh: number;
  updates: number;
  /** New customers the free plan still allows; null without a limit. */
  slots: number | null;
}

type Phase =
  | { kind: 'pick' }
  | { kind: 'checking' }
  | { kind: 'review'; rows: CustomerImportRow[]; plan: Plan; fileName: string }
  | { kind: 'running'; progress: ImportProgress }
  | { kind: 'done'; summary: ImportSummary }
  | { kind: 'failed'; message: string };

/**
 * Customers from a CSV file, the way products are imported: read on the device, checked against
 * the plan, sent in batches with a progress bar (components/import), and summed up with each
 * refused line and why. Rows with a member code the store has update that customer.
 */
export function CustomerImportDialog({
  store,
  opened,
  onClose,
}: {
  store: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)');
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'pick' });
  const n = (v: number) => v.toLocaleString(i18n.language);
  const fieldLabel = (f: string) =>
    CUSTOMER_FIELDS.includes(f as CustomerField) ? t(`customers.importFields.${f}`) : f;

  const read = async (file: File | undefined) => {
    if (!file) return;
    const records = parseCsv(await file.text());
    const map = mapCustomerHeader(records[0]?.fields ?? []);
    if (records.length < 2 || lacksNameAndPhone(map)) {
      setPhase({
        kind: 'failed',
        message: records.length < 2 ? t('import.empty') : t('customers.importDialog.missingColumns'),
      });
      return;
    }
    const rows = toCustomerRows(records, map);
    setPhase({ kind: 'checking' });
    try {
      const codes = [...new Set(rows.flatMap((r) => (r.code ? [r.code.normalize('NFKC').toUpperCase()] : [])))];
      const known = new Set<string>();
      let slots: number | null = null;
      for (let i = 0; i === 0 || i < codes.length; i += IMPORT_CHECK_MAX_CODES) {
        const answer = await checkCustomerImport(store, codes.slice(i, i + IMPORT_CHECK_MAX_CODES));
        slots = answer.remainingSlots;
        for (const code of answer.known) known.add(code);
      }
      setPhase({
        kind: 'review',
        rows,
        plan: { rowsRead: rows.length, ...countNewRows(rows, known), slots },
        fileName: file.name,
      });
    } catch (error) {
      setPhase({ kind: 'failed', message: describeError(t, error) });
    }
  };

  const start = async (rows: CustomerImportRow[]) => {
    setPhase({ kind: 'running', progress: { sentRows: 0, totalRows: rows.length } });
    try {
      const summary = await runImport(
        rows,
        (importId, batch, part) => importCustomerBatch(store, importId, batch, part),
        (progress) => setPhase({ kind: 'running', progress }),
      );
      setPhase({ kind: 'done', summary });
    } catch (error) {
      setPhase({ kind: 'failed', message: describeError(t, error) });
    } finally {
      void qc.invalidateQueries({ queryKey: customerKeys.all(store) });
    }
  };

  const busy = phase.kind === 'running' || phase.kind === 'checking';
  const close = () => {
    if (busy) return;
    setPhase({ kind: 'pick' });
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('customers.importDialog.title')}
      fullScreen={phone}
      size="lg"
      radius="lg"
      closeButtonProps={{ 'aria-label': t('common.close'), disabled: busy }}
      styles={{ title: { fontWeight: 800, fontSize: 20 } }}
    >
      <Stack gap="md">
        {phase.kind === 'pick' && (
          <>
            <Text>{t('customers.importDialog.text')}</Text>
            <Text fz="sm" c="dimmed">
              {t('customers.importDialog.columns')}
            </Text>
            <Group grow preventGrowOverflow={false} wrap="wrap">
              <Button
                variant="default"
                leftSection={<IconDownload size={18} />}
                onClick={() => downloadCsv(t('customers.importDialog.templateFile'), customerTemplateCsv())}
                size="md"
              >
                {t('import.template')}
              </Button>
              <Button leftSection={<IconUpload size={18} />} onClick={() => input.current?.click()} size="md">
                {t('import.choose')}
              </Button>
            </Group>
          </>
        )}
        {phase.kind === 'checking' && (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>{t('import.checking')}</Text>
          </Group>
        )}
        {phase.kind === 'review' && (
          <>
            <Stack gap={4} data-testid="import-plan">
              <Text>{t('import.planRows', { count: phase.plan.rowsRead, file: phase.fileName })}</Text>
              <Text fz="sm">
                {t('customers.importDialog.planCounts', { fresh: n(phase.plan.fresh), updates: n(phase.plan.updates) })}
              </Text>
              {phase.plan.slots !== null && phase.plan.fresh > phase.plan.slots && (
                <Alert color="orange" variant="light">
                  {t('customers.importDialog.planOver', { count: phase.plan.slots })}
                </Alert>
              )}
            </Stack>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Button variant="default" onClick={() => setPhase({ kind: 'pick' })}>
                {t('import.otherFile')}
              </Button>
              <Button onClick={() => void start(phase.rows)}>
                {t('import.start', { count: phase.plan.rowsRead, rows: n(phase.plan.rowsRead) })}
              </Button>
            </SimpleGrid>
          </>
        )}
        {phase.kind === 'running' && <ImportProgressView progress={phase.progress} />}
        {phase.kind === 'failed' && (
          <Alert color="red" variant="light" role="alert">
            {phase.message}
          </Alert>
        )}
        {phase.kind === 'done' && (
          <ImportSummaryView
            summary={phase.summary}
            fieldLabel={fieldLabel}
            limitNotice={
              <Text fz="sm" fw={600}>
                {t('customers.importDialog.limitLine', {
                  count: phase.summary.limited,
                  line: phase.summary.firstLimitedLine ?? '',
                })}
              </Text>
            }
          />
        )}
        {(phase.kind === 'done' || phase.kind === 'failed') && (
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPhase({ kind: 'pick' })}>
              {t('import.another')}
            </Button>
            <Button onClick={close}>{t('import.done')}</Button>
          </Group>
        )}
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv,text/plain"
          hidden
          aria-label={t('import.choose')}
          onChange={(e) => {
            void read(e.currentTarget.files?.[0]);
            e.currentTarget.value = '';
          }}
        />
      </Stack>
    </Modal>
  );
}
