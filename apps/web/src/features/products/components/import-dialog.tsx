import { useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { parseCsv, type ImportRow } from '@shopdesk/shared';
import { describeError } from '../../../lib/describe-error.ts';
import { useStoreMoney } from '../../../lib/store-money.ts';
import { IconDownload, IconUpload } from '../../../components/icons.tsx';
import { checkImportCodes, importBatch } from '../api/import-products.ts';
import { productKeys } from '../api/keys.ts';
import { mapHeader, missingFields, toImportRows } from '../import/import-rows.ts';
import { planImport, type ImportPlan } from '../import/plan-import.ts';
import { runImport, type ImportProgress, type ImportSummary } from '../../../components/import/run-import.ts';
import { templateCsv } from '../import/template.ts';
import { ImportPlanView, ProductImportSummary } from './import-report.tsx';
import { ImportProgressView } from '../../../components/import/import-report.tsx';
import { downloadCsv } from '../../../components/import/download.ts';

type Phase =
  | { kind: 'pick' }
  | { kind: 'checking' }
  | { kind: 'review'; rows: ImportRow[]; plan: ImportPlan; fileName: string }
  | { kind: 'running'; progress: ImportProgress }
  | { kind: 'done'; summary: ImportSummary; limit: number | null }
  | { kind: 'failed'; message: string };

/**
 * CSV import: the file is read on the phone, checked against the plan (how many rows fit), then
 * sent in batches with a progress bar, and summed up so every row read is accounted for.
 */
export function ImportDialog({ store, opened, onClose }: { store: string; opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)');
  const qc = useQueryClient();
  const money = useStoreMoney();
  const input = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'pick' });
  const n = (v: number) => v.toLocaleString(i18n.language);

  const read = async (file: File | undefined) => {
    if (!file) return;
    const records = parseCsv(await file.text());
    const map = mapHeader(records[0]?.fields ?? []);
    const missing = missingFields(map);
    if (records.length < 2 || missing.length) {
      const columns = missing.map((f) => t(`import.fields.${f}`)).join(', ');
      setPhase({
        kind: 'failed',
        message: records.length < 2 ? t('import.empty') : t('import.missingColumns', { columns }),
      });
      return;
    }
    const rows = toImportRows(records, map);
    setPhase({ kind: 'checking' });
    try {
      const plan = await planImport(rows, (codes) => checkImportCodes(store, codes));
      setPhase({ kind: 'review', rows, plan, fileName: file.name });
    } catch (error) {
      setPhase({ kind: 'failed', message: describeError(t, error) });
    }
  };

  const start = async (rows: ImportRow[], limit: number | null) => {
    setPhase({ kind: 'running', progress: { sentRows: 0, totalRows: rows.length } });
    try {
      const summary = await runImport(
        rows,
        (importId, batch, part) => importBatch(store, importId, batch, part),
        (progress) => setPhase({ kind: 'running', progress }),
      );
      setPhase({ kind: 'done', summary, limit });
    } catch (error) {
      setPhase({ kind: 'failed', message: describeError(t, error) });
    } finally {
      void qc.invalidateQueries({ queryKey: productKeys.all(store) });
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
      title={t('import.title')}
      fullScreen={phone}
      size="lg"
      radius="lg"
      closeButtonProps={{ 'aria-label': t('common.close'), disabled: busy }}
      styles={{ title: { fontWeight: 800, fontSize: 20 } }}
    >
      <Stack gap="md">
        {phase.kind === 'pick' && (
          <>
            <Text>{t('import.text')}</Text>
            <Text fz="sm" c="dimmed">
              {t('import.columns')}
            </Text>
            <Group grow preventGrowOverflow={false} wrap="wrap">
              <Button
                variant="default"
                leftSection={<IconDownload size={18} />}
                onClick={() => downloadCsv(t('import.templateFile'), templateCsv(money.main))}
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
            <ImportPlanView store={store} plan={phase.plan} fileName={phase.fileName} />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Button variant="default" onClick={() => setPhase({ kind: 'pick' })}>
                {t('import.otherFile')}
              </Button>
              <Button onClick={() => void start(phase.rows, phase.plan.limit?.productLimit ?? null)}>
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
        {phase.kind === 'done' && <ProductImportSummary store={store} summary={phase.summary} limit={phase.limit} />}
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
