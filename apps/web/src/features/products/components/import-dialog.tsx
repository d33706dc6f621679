import { useRef, useState } from 'react';
import { Alert, Button, Group, List, Modal, Progress, ScrollArea, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { describeError, translateMessage } from '../../../lib/describe-error.ts';
import { IconUpload } from '../../../components/icons.tsx';
import { importBatch } from '../api/import-products.ts';
import { productKeys } from '../api/keys.ts';
import { parseCsv } from '@shopdesk/shared';
import { mapHeader, missingFields, toImportRows } from '../import/import-rows.ts';
import { runImport, type ImportProgress, type ImportSummary } from '../import/run-import.ts';

type Phase =
  | { kind: 'pick' }
  | { kind: 'running'; progress: ImportProgress }
  | { kind: 'done'; summary: ImportSummary }
  | { kind: 'failed'; message: string };

/** CSV import: parse on the phone, send batches of 1000 with a progress bar, then a summary. */
export function ImportDialog({ store, opened, onClose }: { store: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)');
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'pick' });

  const start = async (file: File | undefined) => {
    if (!file) return;
    const records = parseCsv(await file.text());
    const header = records[0]?.fields ?? [];
    const map = mapHeader(header);
    const missing = missingFields(map);
    if (records.length < 2 || missing.length) {
      setPhase({
        kind: 'failed',
        message: records.length < 2 ? t('import.empty') : t('import.missingColumns', { columns: missing.join(', ') }),
      });
      return;
    }
    const rows = toImportRows(records, map);
    setPhase({ kind: 'running', progress: { sentRows: 0, totalRows: rows.length } });
    try {
      const summary = await runImport(
        rows,
        (importId, batch, part) => importBatch(store, importId, batch, part),
        (progress) => setPhase({ kind: 'running', progress }),
      );
      setPhase({ kind: 'done', summary });
    } catch (error) {
      setPhase({ kind: 'failed', message: describeError(t, error) });
    } finally {
      void qc.invalidateQueries({ queryKey: productKeys.all(store) });
    }
  };

  const close = () => {
    if (phase.kind === 'running') return;
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
      styles={{ title: { fontWeight: 800, fontSize: 20 } }}
    >
      <Stack gap="md">
        {phase.kind === 'pick' && (
          <>
            <Text>{t('import.text')}</Text>
            <Text fz="sm" c="dimmed">
              {t('import.columns')}
            </Text>
            <Button leftSection={<IconUpload size={18} />} onClick={() => input.current?.click()} size="md">
              {t('import.choose')}
            </Button>
          </>
        )}
        {phase.kind === 'running' && (
          <Stack gap="xs">
            <Text>{t('import.progress', { sent: phase.progress.sentRows, total: phase.progress.totalRows })}</Text>
            <Progress
              value={phase.progress.totalRows ? (100 * phase.progress.sentRows) / phase.progress.totalRows : 0}
              size="xl"
              radius="xl"
              animated
              aria-label={t('import.progressLabel')}
            />
          </Stack>
        )}
        {phase.kind === 'failed' && (
          <Alert color="red" variant="light" role="alert">
            {phase.message}
          </Alert>
        )}
        {phase.kind === 'done' && (
          <Stack gap="sm" role="status">
            <Alert
              color={phase.summary.errors.length || phase.summary.limitReached ? 'orange' : 'teal'}
              variant="light"
              title={t('import.doneTitle')}
            >
              {t('import.counts', {
                created: phase.summary.created,
                updated: phase.summary.updated,
                unchanged: phase.summary.unchanged,
              })}
            </Alert>
            {phase.summary.limitReached && (
              <Alert color="orange" variant="light" role="alert">
                {t('import.limitReached')}
              </Alert>
            )}
            {phase.summary.errors.length > 0 && (
              <>
                <Text fw={600}>{t('import.errorsTitle', { count: phase.summary.errors.length })}</Text>
                <ScrollArea.Autosize mah={280}>
                  <List size="sm" spacing={4}>
                    {phase.summary.errors.map((e, i) => (
                      <List.Item key={`${e.line}-${e.field}-${i}`}>
                        {t('import.errorLine', {
                          line: e.line,
                          field: e.field,
                          message: translateMessage(t, e.message),
                        })}
                      </List.Item>
                    ))}
                  </List>
                </ScrollArea.Autosize>
              </>
            )}
          </Stack>
        )}
        {(phase.kind === 'done' || phase.kind === 'failed') && (
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPhase({ kind: 'pick' })}>
              {t('import.another')}
            </Button>
            <Button onClick={close}>{t('common.close')}</Button>
          </Group>
        )}
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv,text/plain"
          hidden
          aria-label={t('import.choose')}
          onChange={(e) => {
            void start(e.currentTarget.files?.[0]);
            e.currentTarget.value = '';
          }}
        />
      </Stack>
    </Modal>
  );
}
