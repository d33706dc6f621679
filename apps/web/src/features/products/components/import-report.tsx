import { Alert, Anchor, Box, Group, List, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { Link } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { paths } from '../../../lib/paths.ts';
import type { ImportPlan } from '../import/plan-import.ts';
import { rowMessage } from '../import/row-messages.ts';
import type { ImportSummary } from '../import/run-import.ts';

/** How to get more products: premium's prices and the upgrade. */
export function UpgradeHint({ store }: { store: string }) {
  const { t } = useTranslation();
  return (
    <Text fz="sm">
      {t('import.upgradeText')}{' '}
      <Anchor component={Link} to={paths.profileSubscriptionPricing(store)} fz="sm" fw={600}>
        {t('subscription.upgradeLink')}
      </Anchor>
    </Text>
  );
}

/** Before importing: rows read, and how many fit the free plan when it has a limit. */
export function ImportPlanView({ store, plan, fileName }: { store: string; plan: ImportPlan; fileName: string }) {
  const { t } = useTranslation();
  const l = plan.limit;
  return (
    <Stack gap="sm" data-testid="import-plan">
      <Text>{t('import.planRows', { count: plan.rowsRead, file: fileName })}</Text>
      {l && (
        <Alert color={l.overLimitProducts > 0 ? 'orange' : 'teal'} variant="light" title={t('import.planTitle')}>
          <Stack gap={6}>
            <Text fz="sm">{t('import.planNew', { count: l.newProducts })}</Text>
            {l.updateRows > 0 && <Text fz="sm">{t('import.planUpdates', { count: l.updateRows })}</Text>}
            <Text fz="sm">{t('import.planSlotsOf', { count: l.remainingSlots, limit: l.productLimit })}</Text>
            {l.overLimitProducts > 0 ? (
              <>
                <Text fz="sm" fw={700}>
                  {t('import.planOver', {
                    count: l.overLimitProducts,
                    rows: t('import.rowCount', { count: l.overLimitRows }),
                  })}
                </Text>
                <UpgradeHint store={store} />
              </>
            ) : (
              <Text fz="sm" fw={700}>
                {t('import.planFits')}
              </Text>
            )}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

const FIELDS = ['code', 'name', 'brand', 'category', 'price', 'cost', 'quantity', 'description'];

/** After importing: where every row went (the counts add up to the rows read), and why rows were refused. */
export function ImportSummaryView({
  store,
  summary,
  limit,
}: {
  store: string;
  summary: ImportSummary;
  /** The plan's product limit, when the check before the import found one. */
  limit: number | null;
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
  const field = (f: string) => (FIELDS.includes(f) ? t(`import.fields.${f}`) : f);
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
      {summary.limited > 0 && (
        <Alert color="orange" variant="light" role="alert">
          <Stack gap={4}>
            <Text fz="sm" fw={600}>
              {t(limit ? 'import.limitLineOf' : 'import.limitLine', {
                count: summary.limited,
                line: summary.firstLimitedLine ?? '',
                limit,
              })}
            </Text>
            <UpgradeHint store={store} />
          </Stack>
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
                      {t('import.errorWhere', { line: e.line, field: field(e.field) })}
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
