import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from '../../lib/router/index.ts';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { formatMoney, type CurrencyCode } from '@shopdesk/shared';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ApiRequestError } from '../../lib/api-error.ts';
import { describeError } from '../../lib/describe-error.ts';
import { paths } from '../../lib/paths.ts';
import { isLimitRefusal } from '../limit-refusals.ts';
import type { QueuedSale, SaleRefusal } from '../sale-queue-db.ts';
import { itemsOf } from '../queued-items.ts';

interface Props {
  entry: QueuedSale;
  onRetry: () => Promise<void>;
  onDiscard: () => Promise<void>;
  onOpen?: () => void;
}

/** The refusal as the error it was, so it reads like any other failed call (translated by code). */
function refusalError(r: SaleRefusal): ApiRequestError {
  const body = r.code ? { code: r.code, message: r.message, details: r.details } : r.message;
  return new ApiRequestError(r.status, '', body);
}

/** One queued sale: when, how much, what, its state and what can be done with it. */
export function SaleQueueItem({ entry, onRetry, onDiscard, onOpen }: Props) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const refused = entry.state === 'refused';
  // Refused only for the free plan's monthly sales: it goes back in line by itself after an upgrade.
  const forLimit = isLimitRefusal(entry);
  const { count, names } = itemsOf(entry);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(
    entry.queuedAt,
  );
  const total = entry.preview
    ? formatMoney(entry.preview.total, entry.preview.currency as CurrencyCode, i18n.language)
    : null;

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="sale-queue-entry">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="baseline">
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {when}
          </Text>
          {total && (
            <Text fw={800} size="lg" style={{ whiteSpace: 'nowrap' }}>
              {total}
            </Text>
          )}
        </Group>
        <Text size="sm" lineClamp={2}>
          <Text span fw={600} size="sm">
            {entry.request.kind === 'customer' ? t('saleQueue.newCustomer') : t('saleQueue.items', { count })}
          </Text>
          {names && ` · ${names}`}
        </Text>
        {entry.request.kind === 'complete' && (
          <Text size="xs" c="dimmed">
            {t('saleQueue.heldCart', { code: entry.request.code })}
          </Text>
        )}
        <Group gap="xs" wrap="wrap">
          <Badge color={refused ? 'red' : 'orange'} variant="light">
            {t(refused ? 'saleQueue.stateRefused' : 'saleQueue.stateWaiting')}
          </Badge>
          {!refused && entry.lastProblem && (
            <Text size="xs" c="dimmed">
              {t(`saleQueue.problem.${entry.lastProblem}`)}
            </Text>
          )}
        </Group>
        {refused && entry.refusal && (
          <>
            <Text size="sm" c="red.8" fw={600}>
              {t('saleQueue.refusedBecause', { reason: describeError(t, refusalError(entry.refusal)) })}
            </Text>
            <Text size="xs" c="dimmed">
              {forLimit ? t('subscription.queueLimitHelp') : t('saleQueue.refusedHelp')}
            </Text>
            <Group gap="xs" wrap="wrap" mt={4}>
              {forLimit && (
                <Button
                  size="sm"
                  h={40}
                  color="teal"
                  component={Link}
                  to={paths.profileSubscriptionPricing(entry.store)}
                >
                  {t('subscription.queueUpgrade')}
                </Button>
              )}
              <Button size="sm" h={40} loading={busy} onClick={() => void run(onRetry)}>
                {t('saleQueue.retry')}
              </Button>
              {onOpen && entry.request.kind !== 'customer' && (
                <Button size="sm" h={40} variant="default" onClick={onOpen} disabled={busy}>
                  {t('saleQueue.open')}
                </Button>
              )}
              <Button size="sm" h={40} variant="subtle" color="red" onClick={() => setConfirming(true)} disabled={busy}>
                {t('saleQueue.discard')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        danger
        busy={busy}
        title={t('saleQueue.discardTitle')}
        message={t('saleQueue.discardText')}
        confirmLabel={t('saleQueue.discardConfirm')}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          void run(async () => {
            await onDiscard();
            setConfirming(false);
          })
        }
      />
    </Paper>
  );
}
