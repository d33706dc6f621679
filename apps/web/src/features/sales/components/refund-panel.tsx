import { useState } from 'react';
import { Alert, Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '../../../lib/notifications.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { tenderLabel, type Approval, type RefundBody, type ShopTransaction, type TenderMethod } from '@shopdesk/shared';
import { paymentMethodText } from '../../../lib/payment-methods.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { useRefundTransaction } from '../api/refund-transaction.ts';
import { RefundAttempt } from '../model/refund-attempt.ts';
import { allRemaining, notRestocked, refundableOf, refundPreview } from '../model/refund-preview.ts';
import { backToCards, paidByCards } from '../model/refund-cards.ts';
import { RefundStepper } from './refund-stepper.tsx';
import { ApprovalDialog } from '../../../components/till/approval-dialog.tsx';
import { tillMemberMay } from '../../../lib/till/till-state.ts';
import type { SalesFormat } from './use-sales-format.ts';
import { usePermission } from '../../../lib/store-rights.ts';
import { wrappingButton } from '../../../components/wrapping-button.ts';

/** A way the money can go back: cash, or a method the sale was paid with. */
interface RefundChoice {
  value: string;
  label: string;
  /** Never a gift card: what the sale took from cards goes back to them by itself (the server's rule). */
  method: Exclude<TenderMethod, 'STORED_VALUE'>;
  methodId?: string;
}

/**
 * Refunds what remains of a sale or some of its units. The amount shown is computed with the
 * server's own rule (refundShare), and every attempt carries one `clientId` kept across retries,
 * so a double tap or a retry after a lost answer never refunds twice.
 */
export function RefundPanel({ store, sale, f }: { store: string; sale: ShopTransaction; f: SalesFormat }) {
  const { t } = useTranslation();
  const lock = useWriteLock();
  const refund = useRefundTransaction(store, sale.code);
  const [attempt] = useState(() => new RefundAttempt());
  const [choosing, setChoosing] = useState(false);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [restock, setRestock] = useState(true);
  // A sale with a customer can be refunded into their store credit instead of money.
  const [toCredit, setToCredit] = useState(false);
  const creditAllowed = Boolean(sale.customer);
  const toStoreCredit = toCredit && creditAllowed;
  // The sale's own methods, and cash even when it took none: by default cash if it took any, else its first.
  const choices: RefundChoice[] = [];
  for (const p of sale.payments) {
    // What cards paid goes back to them by itself: a refund's tenders never name a card.
    if (p.method === 'STORED_VALUE') continue;
    const label = tenderLabel(p);
    if (choices.some((c) => c.value === label.methodId)) continue;
    choices.push({
      value: label.methodId,
      label: paymentMethodText(t, label),
      method: p.method,
      methodId: label.methodId,
    });
  }
  if (!choices.some((c) => c.method === 'CASH'))
    choices.unshift({ value: 'CASH', label: t('sales.method.CASH'), method: 'CASH' });
  const [picked, setPicked] = useState<string>(() => {
    const cash = choices.find((c) => c.method === 'CASH');
    return (
      (sale.payments.some((p) => p.method === 'CASH') || sale.payments.length === 0
        ? cash
        : choices.find((c) => c.method !== 'CASH')
      )?.value ?? 'CASH'
    );
  });
  const choice = choices.find((c) => c.value === picked) ?? choices[0]!;
  const [confirming, setConfirming] = useState<'all' | 'some' | null>(null);
  const refunding = usePermission('REFUND');
  // On a till whose member lacks REFUND: a member who has it approves this refund (its clientId) with their PIN first.
  const [approving, setApproving] = useState<string | null>(null);

  const open = sale.lines.filter((l) => refundableOf(l) > 0);
  if (sale.status === 'PARKED' || open.length === 0) return null;
  if (!refunding.allowed) {
    // Said rather than hidden: the customer at the counter is told who can refund.
    return (
      <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="refund-title">
        <Stack gap={4}>
          <Title order={3} fz="md" id="refund-title">
            {t('sales.refundTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {refunding.reason}
          </Text>
        </Stack>
      </Paper>
    );
  }

  const all = refundPreview(sale.lines, allRemaining(sale.lines), sale);
  const some = refundPreview(sale.lines, quantities, sale);
  const preview = confirming === 'all' ? all : some;
  const money = (minor: number) => f.money(minor, sale.currency);
  // The part back to gift cards and store credit (the server takes it first), and the rest.
  const toCards = backToCards(sale, preview.amount);
  const rest = preview.amount - toCards;
  const someToCards = backToCards(sale, some.amount);
  const cardsPaid = paidByCards(sale);

  const submit = (approval?: Approval) => {
    const request = {
      // No lines: the server refunds what remains, whatever that is when it arrives.
      lines: confirming === 'some' ? preview.lines.map(({ lineId, quantity }) => ({ lineId, quantity })) : undefined,
      restock,
      ...(toStoreCredit ? { toStoreCredit: true } : {}),
      tenders:
        rest > 0 && !toStoreCredit
          ? [
              {
                method: choice.method,
                ...(choice.methodId ? { methodId: choice.methodId } : {}),
                currency: sale.currency,
                amount: rest,
              },
            ]
          : undefined,
    };
    const clientId = attempt.idFor(JSON.stringify([sale.code, request]));
    if (!approval && !tillMemberMay(store, 'REFUND')) return setApproving(clientId);
    const body: RefundBody = { clientId, ...request, ...(approval ? { approval } : {}) };
    refund.mutate(body, {
      onSuccess: (after) => {
        attempt.finish();
        notifications.show({ color: 'green', message: t('sales.refundDone', { amount: money(preview.amount) }) });
        // A product deleted since the sale takes nothing back into stock: said, not silently skipped.
        const gone = notRestocked(after);
        if (restock && gone.length > 0) {
          notifications.show({
            color: 'yellow',
            autoClose: false,
            message: t('sales.productGone', { names: gone.join(', ') }),
          });
        }
        setQuantities({});
        setChoosing(false);
        setConfirming(null);
      },
      onError: () => setConfirming(null),
    });
  };

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="refund-title">
      <Stack gap="sm">
        <Title order={3} fz="md" id="refund-title">
          {t('sales.refundTitle')}
        </Title>
        {refund.isError && (
          <Alert color="red" role="alert">
            {describeError(t, refund.error)}
          </Alert>
        )}
        {choosing ? (
          <Stack gap={0}>
            {open.map((line) => (
              <RefundStepper
                key={line.id}
                line={line}
                value={Math.min(quantities[line.id] ?? 0, refundableOf(line))}
                onChange={(q) => setQuantities((prev) => ({ ...prev, [line.id]: q }))}
              />
            ))}
          </Stack>
        ) : (
          <Text fz="sm" c="dimmed">
            {t('sales.canRefund', { count: all.units, amount: money(all.amount) })}
          </Text>
        )}
        <Group gap="md" wrap="wrap" justify="space-between">
          <Switch
            checked={restock}
            onChange={(e) => setRestock(e.currentTarget.checked)}
            label={t('sales.returnToStock')}
          />
          {toStoreCredit ? null : (
            <SegmentedControl
              value={choice.value}
              onChange={setPicked}
              aria-label={t('sales.refundMethod')}
              data={choices.map((c) => ({ value: c.value, label: c.label }))}
            />
          )}
        </Group>
        {creditAllowed && (
          <Switch
            checked={toCredit}
            onChange={(e) => setToCredit(e.currentTarget.checked)}
            label={t('salesStoredValue.toStoreCredit')}
            description={t('salesStoredValue.toStoreCreditHint', { name: sale.customer?.name ?? '' })}
          />
        )}
        {cardsPaid && (
          <Text fz="sm" c="dimmed" data-testid="refund-cards-note">
            {t('salesStoredValue.cardsFirst', {
              amount: money(backToCards(sale, (choosing ? some : all).amount)),
            })}
          </Text>
        )}
        {choosing ? (
          <>
            <Group justify="space-between" data-testid="refund-preview">
              <Text fw={600}>{t('sales.comesTo')}</Text>
              <Text fw={800} fz="lg">
                {money(some.amount)}
              </Text>
            </Group>
            {someToCards > 0 && (
              <RefundSplit
                toCards={money(someToCards)}
                rest={money(some.amount - someToCards)}
                restLabel={toStoreCredit ? t('salesStoredValue.restToCredit') : choice.label}
              />
            )}
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                onClick={() => {
                  setChoosing(false);
                  setQuantities({});
                }}
              >
                {t('common.cancel')}
              </Button>
              <Button color="orange" disabled={some.units === 0} onClick={() => setConfirming('some')} {...lock}>
                {t('sales.refundAmount', { amount: money(some.amount) })}
              </Button>
            </Group>
          </>
        ) : (
          // One column on a phone, and labels that wrap: on a wide screen the sale sits in a narrow
          // side panel, where two columns would cut "Refund all that remains" short.
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Button variant="default" onClick={() => setChoosing(true)} {...wrappingButton} {...lock}>
              {t('sales.chooseItems')}
            </Button>
            <Button color="orange" variant="light" onClick={() => setConfirming('all')} {...wrappingButton} {...lock}>
              {t('sales.refundAll')}
            </Button>
          </SimpleGrid>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming !== null && approving === null}
        title={t('sales.confirmTitle', { amount: money(preview.amount) })}
        message={
          rest === 0
            ? t('salesStoredValue.confirmOnlyCards', { amount: money(toCards), count: preview.units })
            : toStoreCredit
              ? t('salesStoredValue.confirmCredit', {
                  amount: money(rest),
                  count: preview.units,
                  name: sale.customer?.name ?? '',
                })
              : t(`sales.confirmText.${choice.method === 'CASH' ? 'CASH' : 'METHOD'}`, {
                  amount: money(rest),
                  count: preview.units,
                  method: choice.label,
                })
        }
        confirmLabel={t('sales.refundAmount', { amount: money(preview.amount) })}
        danger
        busy={refund.isPending}
        onConfirm={() => submit()}
        onCancel={() => setConfirming(null)}
      >
        {toCards > 0 && rest > 0 && (
          <Text fz="sm" fw={600} data-testid="refund-confirm-cards">
            {t('salesStoredValue.confirmCards', { amount: money(toCards) })}
          </Text>
        )}
        <Text fz="sm" c="dimmed">
          {restock ? t('sales.confirmRestock') : t('sales.confirmNoRestock')}
        </Text>
      </ConfirmDialog>
      <ApprovalDialog
        store={store}
        needs={approving ? { permission: 'REFUND' } : null}
        clientId={approving ?? ''}
        onClose={() => setApproving(null)}
        onApproved={(approval) => {
          setApproving(null);
          submit(approval);
        }}
      />
    </Paper>
  );
}

/** The refund split: what goes back to the cards the sale was paid with, and the rest. */
function RefundSplit({ toCards, rest, restLabel }: { toCards: string; rest: string; restLabel: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} data-testid="refund-split">
      <Group justify="space-between">
        <Text fz="sm">{t('salesStoredValue.backToCards')}</Text>
        <Text fz="sm" fw={700}>
          {toCards}
        </Text>
      </Group>
      <Group justify="space-between">
        <Text fz="sm">{restLabel}</Text>
        <Text fz="sm" fw={700}>
          {rest}
        </Text>
      </Group>
    </Stack>
  );
}
