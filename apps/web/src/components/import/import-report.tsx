import type { ReactNode } from 'react';
import { Alert, Box, Group, List, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { rowMessage } from './row-messages.ts';
import type { ImportProgress, ImportSummary } from './run-import.ts';

/**
 * The parts every CSV import shows (products, customers): the progress while batches go, and the
 * summary after, where every row read is accounted for and each refused line says why.
 */

/** Rows sent so far as a bar, or the wait the server asked for. */
export function ImportProgressView({ progress }: { progress: ImportProgress }) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => v.toLocaleString(i18n.language);
  return (
    <Stack gap="xs">
      <Text aria-live="polite">
        {progress.waitingMs
          ? t('import.waiting', { seconds: Math.ceil(progress.waitingMs / 1000) })
          : t('import.progress', { sent: n(progress.sentRows), total: n(progress.totalRows) })}
      </Text>
      <Progress
        value={progress.totalRows ? (100 * progress.sentRows) / progress.totalRows : 0}
        size="xl"
        radius="xl"
        animated
        aria-label={t('import.progressLabel')}
      />
    </Stack>
  );
}

/** After importing: where every row went (the counts add up to the rows read), and why rows were refused. */
export function ImportSummaryView({
  summary,
  fieldLabel,
  limitNotice,
}: {
  summary: ImportSummary;
  /** The column a refused cell was in, as the import's own screen names it. */
  fieldLabel: (field: string) => string;
  /** What to say about rows the plan's limit stopped (shown when there are any). */
  limitNotice?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => v.toLocaleString(i18n.language);
  const rows: Array<[string, number]> = [
    [t('import.created'), summary.created],
    [t('import.updated'), summary.updated],
    [t('import.unchanged'), summary.unchanged],
    [t('import.limited'), summary.limited],
    [t('import.rejected'), summary.rejected],
  ];
  return (
    <Stack gap="sm" role="status">
      <Alert
        color={summary.limited || summary.rejected ? 'orange' : 'teal'}
        variant="light"
        title={t('import.doneTitle')}
      >
        <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={0} aria-label={t('import.countsLabel')}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Td>
                  <Text fz="sm">{label}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text fz="sm" fw={700}>
                    {n(value)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
              <Table.Td>
                <Text fz="sm" fw={700}>
                  {t('import.rowsRead')}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text fz="sm" fw={800}>
                  {n(summary.rowsRead)}
                </Text>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Alert>
      {summary.limited > 0 && limitNotice && (
        <Alert color="orange" variant="light" role="alert">
          {limitNotice}
        </Alert>
      )}
      {summary.errors.length > 0 && (
        <Box>
          <Text fw={600}>{t('import.errorsTitle', { count: summary.rejected })}</Text>
          <ScrollArea.Autosize mah={280}>
            <List size="sm" spacing={4} aria-label={t('import.errorsLabel')}>
              {summary.errors.map((e, i) => (
                <List.Item key={`${e.line}-${e.field}-${i}`}>
                  <Group gap={4} wrap="wrap">
                    <Text span fz="sm" fw={600}>
                      {t('import.errorWhere', { line: e.line, field: fieldLabel(e.field) })}
                    </Text>
                    <Text span fz="sm">
                      {rowMessage(t, e.message)}
                    </Text>
                  </Group>
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        </Box>
      )}
    </Stack>
  );
}
