import { useState } from 'react';
import { Anchor, Group, Pagination, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { paths } from '../../../lib/paths.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { FormError } from '../../../components/form-error.tsx';
import { useZReports, Z_REPORT_PAGE_SIZE } from '../api/z-reports.ts';
import { money, shiftTime, signedMoney } from '../lib/shift-text.ts';

/** Past Z reports of the store, the latest first, each opening its report. */
export function ZReportList({ store, locale, timeZone }: { store: string; locale: string; timeZone: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const list = useZReports(store, page);
  const pages = Math.ceil((list.data?.total ?? 0) / Z_REPORT_PAGE_SIZE);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="z-list-heading">
      <Title order={3} fz={18} mb="sm" id="z-list-heading">
        {t('shifts.pastReports')}
      </Title>
      {list.isPending && <Skeleton h={120} radius="md" />}
      {list.isError && <FormError>{describeError(t, list.error)}</FormError>}
      {list.data && list.data.total === 0 && (
        <Text c="dimmed" fz="sm">
          {t('shifts.noReports')}
        </Text>
      )}
      <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.data?.items.map((z) => (
          <li key={z.id} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <Anchor
              component={Link}
              to={paths.shopShiftReport(store, z.id)}
              underline="never"
              c="inherit"
              display="block"
              py="sm"
            >
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <div>
                  <Text fw={700}>{t('shifts.zTitle', { number: z.number })}</Text>
                  <Text fz="xs" c="dimmed">
                    {shiftTime(z.closedAt, locale, timeZone)}
                  </Text>
                </div>
                <div style={{ textAlign: 'right' }}>
                  <Text fz="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {money(z.salesTotal, z.mainCurrency, locale)}
                  </Text>
                  <Text fz="xs" c={z.difference === 0 ? 'dimmed' : z.difference > 0 ? 'blue' : 'red'}>
                    {t('shifts.differenceShort', { amount: signedMoney(z.difference, z.mainCurrency, locale) })}
                  </Text>
                </div>
              </Group>
            </Anchor>
          </li>
        ))}
      </Stack>
      {pages > 1 && (
        <Group justify="center" mt="md">
          <Pagination total={pages} value={page + 1} onChange={(p) => setPage(p - 1)} size="sm" />
        </Group>
      )}
    </Paper>
  );
}
