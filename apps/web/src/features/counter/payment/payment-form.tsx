import { useEffect, useEffectEvent } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  formatMoney,
  type CurrencyCode,
  type PaymentMethod,
  type Settlement,
  type TenderInput,
} from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { useSession } from '../../../lib/session-store.ts';
import { toCurrency } from './payment-math.ts';
import { ChangePreview } from './change-preview.tsx';
import type { PaymentDialogProps, SaleCards } from './payment-types.ts';
import { usePaymentEntry } from './use-payment-entry.ts';
import { TenderList } from './tender-list.tsx';
import { MethodPicker } from './method-picker.tsx';
import { CurrencySwitch } from './currency-switch.tsx';
import { AmountField } from './amount-field.tsx';
import { QuickTenderButtons } from './quick-tender-buttons.tsx';
import { PointsField } from './points-field.tsx';
import { useOnline } from '../../../lib/connectivity.ts';
import { storedValueQuery } from '../api/stored-value.ts';
import { cardFromDetail, StoredValuePart } from './stored-value-part.tsx';
import { GIFT_CARD_ID, STORE_CREDIT_ID } from './stored-value-tender.ts';

export interface PaymentFormProps extends PaymentDialogProps {
  /** The methods offered, in order: at least the cash one. */
  methods: PaymentMethod[];
  methodName: (tender: Pick<TenderInput, 'method' | 'methodId' | 'cardCode'>) => string;
  phone: boolean;
  busy: boolean;
  setBusy(busy: boolean): void;
  onPaid(settlement: Settlement, queued: boolean, code: string | null, cards?: SaleCards): void;
  /** The tenders taken so far and the points used, each time they change (the customer display). */
  onTenders?: (tenders: TenderInput[], pointsRedeemed: number) => void;
}

/** One payment being entered: the due amount, then the parts that build the tenders, then Pay. */
export function PaymentForm(props: PaymentFormProps) {
  const { context, rateInfo, onClose, phone, busy, methodName } = props;
  const { t } = useTranslation();
  const locale = useSession((s) => s.userLocale);
  const fmt = (minor: number, currency: CurrencyCode) => formatMoney(minor, currency, locale);
  const p = usePaymentEntry({
    total: props.total,
    points: props.points,
    context,
    methods: props.methods,
    busy,
    setBusy: props.setBusy,
    onPay: props.onPay,
    onPaid: props.onPaid,
    failedText: t('payment.failed'),
  });
  const tell = useEffectEvent(() => props.onTenders?.(p.tenders, p.redeem));
  useEffect(() => tell(), [p.tenders, p.redeem]);
  const bigButton = phone ? 56 : 48;
  // Gift cards and store credit are spent on the server at once: online only.
  const online = useOnline();
  const customerCode = props.customerCode ?? null;
  const credit = useQuery({
    ...storedValueQuery(props.store, customerCode ?? ''),
    enabled: online && customerCode !== null,
  });
  const creditAccount = credit.data?.account;
  const creditCard =
    customerCode && creditAccount?.kind === 'STORE_CREDIT' && creditAccount.balance > 0
      ? cardFromDetail(creditAccount, customerCode)
      : null;
  const storedValueButtons = (
    <>
      <Button
        h={bigButton}
        variant={p.methodId === GIFT_CARD_ID ? 'filled' : 'default'}
        aria-pressed={p.methodId === GIFT_CARD_ID}
        disabled={busy || !online}
        styles={{ label: { whiteSpace: 'normal', lineHeight: 1.2 } }}
        onClick={() => p.chooseMethod(GIFT_CARD_ID)}
      >
        {t('paymentMethods.names.giftCard')}
      </Button>
      {creditCard && online ? (
        <Button
          h={bigButton}
          variant={p.methodId === STORE_CREDIT_ID ? 'filled' : 'default'}
          aria-pressed={p.methodId === STORE_CREDIT_ID}
          disabled={busy}
          styles={{ label: { whiteSpace: 'normal', lineHeight: 1.2 } }}
          onClick={() => {
            p.chooseMethod(STORE_CREDIT_ID);
            p.setCard(creditCard);
          }}
        >
          {t('counterGiftCard.storeCreditButton', { amount: fmt(creditCard.balance, context.mainCurrency) })}
        </Button>
      ) : null}
    </>
  );

  let primaryLabel = t('payment.pay', { amount: fmt(p.entry.amount, p.currency) });
  if (p.nothingDue) primaryLabel = t('payment.completeNothingDue');
  else if (p.storedValue && p.problem === 'LOOKUP') primaryLabel = t('counterGiftCard.lookUpFirst');
  else if (p.outcome?.kind === 'partial') {
    primaryLabel = t('payment.addTender', { amount: fmt(p.entry.amount, p.currency) });
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void p.submit();
      }}
      onKeyDown={p.onKeyDown}
    >
      {/* On a phone the pay button sits at the bottom of the screen, under the thumb. */}
      <Stack gap="md" mih={phone ? 'calc(100dvh - 96px)' : undefined}>
        <Stack gap={2}>
          <Text size="sm" c="dimmed" fw={600}>
            {p.tenders.length ? t('payment.remaining') : t('payment.total')}
          </Text>
          <Text fz={phone ? 36 : 40} fw={800} lh={1.1} data-testid="payment-due">
            {fmt(p.remaining, context.mainCurrency)}
          </Text>
          {p.pointsDiscount > 0 ? (
            <Text size="sm" c="dimmed" data-testid="payment-before-points">
              {t('counterCustomer.beforePoints', { amount: fmt(p.totalBeforePoints, context.mainCurrency) })}
            </Text>
          ) : null}
          {p.canSecond && p.second ? (
            <Text size="lg" c="dimmed" fw={600} data-testid="payment-due-second">
              {t('payment.inSecond', { amount: fmt(toCurrency(p.remaining, p.second, context), p.second) })}
            </Text>
          ) : null}
        </Stack>

        {props.points ? (
          <PointsField
            offer={props.points}
            entry={p}
            fmt={fmt}
            currency={context.mainCurrency}
            phone={phone}
            busy={busy}
          />
        ) : null}

        <TenderList tenders={p.tenders} methodName={methodName} fmt={fmt} busy={busy} onRemove={p.removeTender} />

        <MethodPicker
          methods={props.methods}
          selectedId={p.selected?.id}
          needsReference={p.needsReference}
          reference={p.reference}
          referenceError={p.missingReference && p.text.trim() !== ''}
          phone={phone}
          busy={busy}
          onChoose={p.chooseMethod}
          onReference={p.setReference}
          extra={storedValueButtons}
        />
        {!online ? (
          <Text size="sm" c="dimmed" data-testid="stored-value-offline">
            {t('counterGiftCard.payOffline')}
          </Text>
        ) : null}

        {p.storedValue ? (
          <StoredValuePart store={props.store} entry={p} fmt={fmt} phone={phone} busy={busy} />
        ) : (
          <CurrencySwitch
            context={context}
            currency={p.currency}
            rateInfo={rateInfo}
            phone={phone}
            busy={busy}
            onChoose={p.chooseCurrency}
          />
        )}

        <AmountField
          input={p.input}
          currency={p.currency}
          text={p.text}
          exact={p.exact}
          badAmount={p.badAmount}
          outcome={p.outcome}
          context={context}
          fmt={fmt}
          phone={phone}
          busy={busy}
          onText={p.setText}
          {...(p.storedValue ? { label: t('counterGiftCard.amountFromCard', { currency: context.mainCurrency }) } : {})}
        />
        {p.outcome?.kind === 'pays' ? (
          <ChangePreview
            settlement={p.outcome.settlement}
            context={context}
            choices={p.choices}
            inMain={p.changeInMain}
            onInMain={p.setChangeInMain}
            fmt={fmt}
            phone={phone}
            disabled={busy}
          />
        ) : p.outcome?.kind === 'partial' ? (
          <Text fz="lg" fw={700} c="orange.8">
            {t('payment.leftAfter', { amount: fmt(p.outcome.remaining, context.mainCurrency) })}
          </Text>
        ) : null}

        <QuickTenderButtons
          exact={p.exact}
          quick={p.quick}
          currency={p.currency}
          fmt={fmt}
          phone={phone}
          busy={busy}
          onPick={p.pick}
        />

        {p.error ? (
          <Alert color="red" role="alert" title={t('payment.failedTitle')}>
            {p.error}
          </Alert>
        ) : null}

        <Group justify="flex-end" gap="sm" grow={phone} mt={phone ? 'auto' : undefined}>
          {phone ? null : (
            <Button variant="default" onClick={onClose} disabled={busy} h={bigButton}>
              {t('payment.cancel')}
            </Button>
          )}
          <Button
            type="submit"
            h={bigButton}
            size={phone ? 'lg' : 'md'}
            loading={busy}
            disabled={!p.canSubmit || (p.storedValue && !online)}
            // A long label (Japanese "add and pay the rest next") wraps rather than being cut.
            styles={{ label: { whiteSpace: 'normal', lineHeight: 1.25, textAlign: 'center' } }}
          >
            {primaryLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
