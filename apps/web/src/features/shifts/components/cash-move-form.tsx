import { useState } from 'react';
import { Button, Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { notifications } from '../../../lib/notifications.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { Approval, CashMoveBody, CashMoveKind, CurrencyCode } from '@shopdesk/shared';
import { describeError } from '../../../lib/describe-error.ts';
import { FormError } from '../../../components/form-error.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';
import { useCashMove } from '../api/cash-move.ts';
import { AmountField } from '../../../components/amount-field.tsx';
import { readAmount } from '../../../lib/read-amount.ts';
import { amountExample } from '../../../lib/amount-example.ts';
import { ApprovalDialog } from '../../../components/till/approval-dialog.tsx';
import { tillMemberLacks } from '../../../lib/till/till-state.ts';

/**
 * A pay-in or pay-out of the open shift, with the reason the report will show. On a till it is the
 * unlocked member's; one who lacks CASH_MOVES gets the PIN of a member who has it (product.md §2).
 */
export function CashMoveForm({
  store,
  shiftId,
  currencies,
}: {
  store: string;
  shiftId: string;
  currencies: CurrencyCode[];
}) {
  const { t } = useTranslation();
  const lock = useWriteLock();
  const move = useCashMove(store, shiftId);
  const [kind, setKind] = useState<CashMoveKind>('PAY_OUT');
  const [currency, setCurrency] = useState<CurrencyCode>(currencies[0]!);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  // One id per move the cashier means: a retry after a lost answer records it once.
  const [clientId, setClientId] = useState(() => crypto.randomUUID());
  // The move waiting for an approver's PIN.
  const [approving, setApproving] = useState<Omit<CashMoveBody, 'userId' | 'approval'> | null>(null);

  const record = (body: Omit<CashMoveBody, 'userId' | 'approval'>, approval?: Approval) =>
    move.mutate(
      { ...body, ...(approval ? { approval } : {}) },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            message: t(body.kind === 'PAY_IN' ? 'shifts.payInSaved' : 'shifts.payOutSaved'),
          });
          setAmount('');
          setReason('');
          setClientId(crypto.randomUUID());
        },
      },
    );

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const minor = readAmount(amount, currency);
    const next = {
      amount:
        minor === null || minor <= 0
          ? t('shifts.amountInvalid', { example: amountExample(currency, 10_000) })
          : undefined,
      reason: reason.trim() ? undefined : t('shifts.reasonRequired'),
    };
    setErrors(next);
    if (next.amount || next.reason || minor === null) return;
    const body = { clientId, kind, currency, amount: minor, reason: reason.trim() };
    if (tillMemberLacks(store, { permission: 'CASH_MOVES' }).length > 0) return setApproving(body);
    record(body);
  };

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {move.isError && <FormError>{describeError(t, move.error)}</FormError>}
          <SegmentedControl
            value={kind}
            onChange={(v) => setKind(v as CashMoveKind)}
            data={[
              { value: 'PAY_OUT', label: t('shifts.kind.PAY_OUT') },
              { value: 'PAY_IN', label: t('shifts.kind.PAY_IN') },
            ]}
            aria-label={t('shifts.moveKind')}
          />
          {currencies.length > 1 && (
            <SegmentedControl
              value={currency}
              onChange={(v) => setCurrency(v as CurrencyCode)}
              data={currencies.map((c) => ({ value: c, label: c }))}
              aria-label={t('shifts.moveCurrency')}
            />
          )}
          <Group align="flex-start" grow wrap="wrap">
            <AmountField
              currency={currency}
              label={t('shifts.moveAmount')}
              value={amount}
              onChange={setAmount}
              error={errors.amount}
              miw={160}
            />
            <TextInput
              label={t('shifts.reason')}
              placeholder={t('shifts.reasonPlaceholder')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={200}
              error={errors.reason}
              miw={200}
            />
          </Group>
          <Button type="submit" variant="light" loading={move.isPending} {...lock} style={{ alignSelf: 'flex-start' }}>
            {t(kind === 'PAY_IN' ? 'shifts.recordPayIn' : 'shifts.recordPayOut')}
          </Button>
        </Stack>
      </form>
      {/* Beside the form, not in it: a submit in the dialog (a portal) would bubble to the form. */}
      <ApprovalDialog
        store={store}
        needs={approving ? { permission: 'CASH_MOVES' } : null}
        clientId={approving?.clientId ?? ''}
        onClose={() => setApproving(null)}
        onApproved={(approval) => {
          if (approving) record(approving, approval);
          setApproving(null);
        }}
      />
    </>
  );
}
