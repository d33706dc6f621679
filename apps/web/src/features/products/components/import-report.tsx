import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { paths } from '../../../lib/paths.ts';
import type { ImportPlan } from '../import/plan-import.ts';
import { ImportSummaryView } from '../../../components/import/import-report.tsx';
import type { ImportSummary } from '../../../components/import/run-import.ts';

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

/** After importing products: the shared summary, with the product columns and the plan's limit. */
export function ProductImportSummary({
  store,
  summary,
  limit,
}: {
  store: string;
  summary: ImportSummary;
  /** The plan's product limit, when the check before the import found one. */
  limit: number | null;
}) {
  const { t } = useTranslation();
  return (
    <ImportSummaryView
      summary={summary}
      fieldLabel={(f) => (FIELDS.includes(f) ? t(`import.fields.${f}`) : f)}
      limitNotice={
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
      }
    />
  );
}
