import { Alert, Button, Drawer, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { formatMain, useStoreMoney } from '../../../lib/store-money.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useParkedSales } from '../api/parked-sales.ts';

/** Carts put on hold ("parked"), to serve the next customer while this one fetches their wallet. */
export function HeldCarts({
  store,
  opened,
  currentCode,
  onReopen,
  onClose,
}: {
  store: string;
  opened: boolean;
  /** The held cart open at the counter now, if any. */
  currentCode: string | null;
  onReopen: (code: string) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const money = useStoreMoney();
  const timeZone = useSession((s) => s.virtualStore?.timezone);
  const parked = useParkedSales(store, opened);
  const time = new Intl.DateTimeFormat(i18n.language, { timeZone, dateStyle: 'short', timeStyle: 'short' });

  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={t('counter.heldCarts')} size="md">
      {parked.isPending && parked.fetchStatus === 'paused' ? (
        <Alert color="gray">{t('counter.heldOffline')}</Alert>
      ) : parked.isPending ? (
        <Loader />
      ) : parked.isError ? (
        <Alert color="red" role="alert">
          {describeError(t, parked.error)}
        </Alert>
      ) : parked.data.length === 0 ? (
        <Text c="dimmed">{t('counter.noHeldCarts')}</Text>
      ) : (
        <Stack gap="sm">
          {parked.data.map((sale) => (
            <Paper key={sale.code} withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} lineClamp={2}>
                    {sale.lines.map((l) => l.name).join(', ')}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {time.format(new Date(sale.updatedAt))} ·{' '}
                    {t('counter.items', { count: sale.lines.reduce((n, l) => n + l.quantity, 0) })}
                    {sale.note ? ` · ${sale.note}` : ''}
                  </Text>
                </div>
                <Text fw={700}>{formatMain(money, sale.total)}</Text>
              </Group>
              <Group justify="flex-end" mt="xs">
                <Button
                  size="xs"
                  onClick={() => onReopen(sale.code)}
                  disabled={sale.code === currentCode}
                  aria-label={t('counter.reopenCart', { code: sale.code })}
                >
                  {sale.code === currentCode ? t('counter.openNow') : t('counter.reopen')}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Drawer>
  );
}
