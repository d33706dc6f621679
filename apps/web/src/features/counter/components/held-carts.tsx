import { useState } from 'react';
import { Alert, Button, Drawer, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { countItems, type Approval, type ShopTransaction } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { formatMain, useStoreMoney } from '../../../lib/store-money.ts';
import { useSession } from '../../../lib/session-store.ts';
import { notifications } from '../../../lib/notifications.ts';
import { usePermission } from '../../../lib/store-rights.ts';
import { useWriteLock } from '../../../components/offline-banner.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ApprovalDialog } from '../../../components/till/approval-dialog.tsx';
import { tillMemberLacks } from '../../../lib/till/till-state.ts';
import { useParkedSales, useVoidParkedSale } from '../api/parked-sales.ts';

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
  const voiding = useHeldCartVoid(store);

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
                    {time.format(new Date(sale.updatedAt))} · {t('counter.items', { count: countItems(sale.lines) })}
                    {sale.servedBy ? ` · ${t('counter.heldBy', { name: sale.servedBy.name })}` : ''}
                    {sale.note ? ` · ${sale.note}` : ''}
                  </Text>
                </div>
                <Text fw={700}>{formatMain(money, sale.total)}</Text>
              </Group>
              <Group justify="flex-end" mt="xs" gap="xs">
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => voiding.ask(sale)}
                  disabled={sale.code === currentCode || !voiding.allowed || voiding.lock.disabled}
                  title={voiding.allowed ? voiding.lock.title : voiding.reason}
                  aria-describedby={voiding.lock['aria-describedby']}
                  aria-label={t('counter.voidCartLabel', { code: sale.code })}
                >
                  {t('counter.voidCart')}
                </Button>
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
      {voiding.dialogs}
    </Drawer>
  );
}

/**
 * Voiding a held cart (VOID_PARKED): asked for confirmation, and on a till whose member lacks the
 * permission approved by the PIN of a member who has it; off a till a member without it sees why.
 */
function useHeldCartVoid(store: string) {
  const { t } = useTranslation();
  const right = usePermission('VOID_PARKED');
  const lock = useWriteLock();
  const voidSale = useVoidParkedSale(store);
  const [confirming, setConfirming] = useState<ShopTransaction | null>(null);
  // The held cart waiting for an approver's PIN, and the UUID the approval is bound to (a void has no clientId).
  const [approving, setApproving] = useState<{ sale: ShopTransaction; clientId: string } | null>(null);

  const send = (sale: ShopTransaction, approval?: Approval) =>
    voidSale.mutate(
      { code: sale.code, body: approval ? { approval } : {} },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: t('counter.voided') }),
        onError: (error) => notifications.show({ color: 'red', message: describeError(t, error) }),
      },
    );
  const confirm = () => {
    const sale = confirming;
    setConfirming(null);
    if (!sale) return;
    if (tillMemberLacks(store, { permission: 'VOID_PARKED' }).length > 0)
      return setApproving({ sale, clientId: crypto.randomUUID() });
    send(sale);
  };

  const dialogs = (
    <>
      <ConfirmDialog
        opened={confirming !== null}
        title={t('counter.voidTitle')}
        message={t('counter.voidText', {
          count: confirming ? countItems(confirming.lines) : 0,
        })}
        confirmLabel={t('counter.voidConfirm')}
        danger
        busy={voidSale.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
      <ApprovalDialog
        store={store}
        needs={approving ? { permission: 'VOID_PARKED' } : null}
        clientId={approving?.clientId ?? ''}
        onClose={() => setApproving(null)}
        onApproved={(approval) => {
          if (approving) send(approving.sale, approval);
          setApproving(null);
        }}
      />
    </>
  );
  return { ask: setConfirming, allowed: right.allowed, reason: right.reason, lock, dialogs };
}
