import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  Alert,
  Button,
  CloseButton,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { useQuery } from '@tanstack/react-query';
import {
  CURRENCIES,
  defaultPaymentMethodList,
  formatMoney,
  tenderMethodOf,
  minorToDecimalText,
  settlePayment,
  type CurrencyCode,
  type PaymentContext,
  type PaymentRefusal,
  type Settlement,
  type PaymentMethod,
  type TenderInput,
} from '@shopdesk/shared';
import { paymentMethodsQuery, paymentMethodText } from '../../../lib/payment-methods.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useUpdateHold } from '../../../lib/update-guard.ts';
import {
  changeChoices,
  exactTender,
  remainingDue,
  toCurrency,
  tryEntry,
  typedMinor,
  type EntryOutcome,
} from './payment-math.ts';
import { ChangePreview } from './change-preview.tsx';
import { quickTenders } from './quick-tenders.ts';
import { ChangeScreen } from './change-screen.tsx';

export interface PaymentRateInfo {
  /** Main → second, as decimal text (units of second per unit of main). */
  rate: string;
  date: string;
  source: string;
  /** Older than RATE_STALE_DAYS: the counter should ask for a manual rate. */
  stale: boolean;
}

/** `code`: the sale's transaction code once the server has stored it (null while it waits to sync). */
export type PayResult = { ok: true; queued: boolean; code?: string | null } | { ok: false; message: string };

export interface PaymentDialogProps {
  opened: boolean;
  /** The store's urlName: its payment methods (kept for offline use with the rest of the store's data). */
  store: string;
  /** Cancel: nothing was paid, the cart stays as it is. */
  onClose(): void;
  /** Main minor units, from priceCart(...).total. */
  total: number;
  context: PaymentContext;
  /** Shown beside second-currency amounts; null when the store has no second currency or no rate. */
  rateInfo: PaymentRateInfo | null;
  /** Stores the sale with these tenders (online, or queued offline). */
  onPay(tenders: TenderInput[]): Promise<PayResult>;
  /** The change screen was dismissed: start the next sale. */
  onNewSale(): void;
  /** Shown on the change screen above "New sale": the receipt's print and share actions. */
  afterPay?: (paid: { code: string | null; queued: boolean }) => ReactNode;
  /**
   * Once, when the sale is paid (stored or queued): what follows a payment, such as the cash drawer,
   * with the store's methods the tenders were paid with.
   */
  onSalePaid?: (settlement: Settlement, methods: readonly PaymentMethod[]) => void;
}

/**
 * Taking payment: method and currency, a typed amount or a quick tender, split tender, then the
 * change in big type. Every figure comes from the shared settlement arithmetic, so the change on
 * screen is the change the server stores. Full screen on a phone, a modal on a desk.
 */
export function PaymentDialog(props: PaymentDialogProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)');
  // Mid-payment, and on the change screen after it, the app never reloads into a new version.
  useUpdateHold('payment', props.opened);
  const [paid, setPaid] = useState<{ settlement: Settlement; queued: boolean; code: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  // Each opening starts from an empty payment.
  const [session, setSession] = useState(0);
  const [wasOpen, setWasOpen] = useState(props.opened);
  if (props.opened !== wasOpen) {
    setWasOpen(props.opened);
    if (props.opened) {
      setSession((s) => s + 1);
      setPaid(null);
      setBusy(false);
    }
  }

  // The store's methods, enabled ones offered in its order; its currency's defaults until loaded
  // (a device that never loaded them, offline).
  const methodsQuery = useQuery(paymentMethodsQuery(props.store));
  const all = methodsQuery.data ?? defaultPaymentMethodList(props.context.mainCurrency);
  const methodName = (tender: Pick<TenderInput, 'method' | 'methodId'>) => {
    const m = all.find((x) => x.id === tender.methodId);
    return m ? paymentMethodText(t, m) : t(`payment.method.${tender.method}`);
  };

  const close = () => {
    if (busy) return;
    // Once paid, the sale is done: closing the change screen is the same as "New sale".
    if (paid) props.onNewSale();
    else props.onClose();
  };

  return (
    <Modal
      opened={props.opened}
      onClose={close}
      fullScreen={phone}
      size="lg"
      radius={phone ? 0 : 'lg'}
      centered
      closeOnClickOutside={false}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      closeButtonProps={{ 'aria-label': t('payment.cancel') }}
      title={paid ? t('payment.paidTitle') : t('payment.title')}
      styles={{ title: { fontWeight: 800, fontSize: 22 } }}
    >
      {paid ? (
        <ChangeScreen
          settlement={paid.settlement}
          methodName={methodName}
          queued={paid.queued}
          context={props.context}
          phone={phone}
          onNewSale={props.onNewSale}
          extra={props.afterPay?.({ code: paid.code, queued: paid.queued })}
        />
      ) : (
        <PaymentForm
          key={session}
          {...props}
          methods={all.filter((m) => m.enabled)}
          methodName={methodName}
          phone={phone}
          busy={busy}
          setBusy={setBusy}
          onPaid={(settlement, queued, code) => {
            setPaid({ settlement, queued, code });
            props.onSalePaid?.(settlement, all);
          }}
        />
      )}
    </Modal>
  );
}

interface FormProps extends PaymentDialogProps {
  /** The methods offered, in order: at least the cash one. */
  methods: PaymentMethod[];
  methodName: (tender: Pick<TenderInput, 'method' | 'methodId'>) => string;
  phone: boolean;
  busy: boolean;
  setBusy(busy: boolean): void;
  onPaid(settlement: Settlement, queued: boolean, code: string | null): void;
}

function PaymentForm(props: FormProps) {
  const { total, context, rateInfo, onPay, onClose, phone, busy, setBusy, onPaid, methods, methodName } = props;
  const { t } = useTranslation();
  const locale = useSession((s) => s.userLocale);
  const fmt = (minor: number, currency: CurrencyCode) => formatMoney(minor, currency, locale);
  const [tenders, setTenders] = useState<TenderInput[]>([]);
  const [methodId, setMethodId] = useState<string>(() => methods[0]?.id ?? 'CASH');
  const selected = methods.find((m) => m.id === methodId) ?? methods[0];
  const method = selected ? tenderMethodOf(selected.kind) : 'CASH';
  // The slip's or transaction number, for a method that asks for it.
  const [reference, setReference] = useState('');
  const needsReference = selected?.needsReference === true;
  const missingReference = needsReference && reference.trim() === '';
  const [currency, setCurrency] = useState<CurrencyCode>(context.mainCurrency);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Change of cash in the second currency handed back in the main currency (the cashier's choice).
  const [changeInMain, setChangeInMain] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const second = context.secondCurrency;
  const canSecond = Boolean(second && context.rate);
  const remaining = remainingDue(total, tenders, context);
  const exact = exactTender(total, tenders, method, currency, context);
  const typed = typedMinor(text, currency);
  const badAmount = text.trim() !== '' && typed === null;
  // An empty amount means the exact amount: a card payment is one key, Enter.
  const plain: TenderInput = {
    method,
    methodId: selected?.id,
    ...(needsReference && reference.trim() ? { reference: reference.trim() } : {}),
    currency,
    amount: typed ?? exact,
  };
  const choices = badAmount ? null : changeChoices(total, tenders, plain, context);
  const entry: TenderInput = choices && changeInMain ? { ...plain, changeCurrency: context.mainCurrency } : plain;
  // Nothing due at all (a 100% discount, a zero price, cash rounding to 0): completes with no tender.
  const free = tenders.length === 0 && text.trim() === '' ? settlePayment(total, [], context) : null;
  const nothingDue = free?.ok === true;
  const outcome: EntryOutcome | null = badAmount
    ? null
    : free?.ok
      ? { kind: 'pays', tenders: [], settlement: free.settlement }
      : tryEntry(total, tenders, entry, context);

  const refusalText = (refusal: PaymentRefusal) => {
    switch (refusal.code) {
      case 'NON_CASH_OVERPAID':
        return t('payment.nonCashOverpaid', { amount: fmt(exact, currency) });
      case 'NO_RATE':
      case 'CURRENCY_NOT_ACCEPTED':
        return t('payment.noRate', { currency: second ?? '' });
      case 'TENDER_AFTER_PAID':
        return t('payment.alreadyPaid');
      case 'PAYMENT_SHORT':
        return t('payment.short', { amount: fmt(refusal.shortBy, context.mainCurrency) });
    }
  };

  const focusAmount = () => requestAnimationFrame(() => input.current?.focus());

  const submit = async () => {
    if (busy || !outcome) return;
    setError(null);
    if (outcome.kind === 'refused' || (missingReference && !nothingDue)) return;
    if (outcome.kind === 'partial') {
      setTenders(outcome.tenders);
      setText('');
      setReference('');
      focusAmount();
      return;
    }
    setBusy(true);
    try {
      const result = await onPay(outcome.tenders);
      if (result.ok) onPaid(outcome.settlement, result.queued, result.code ?? null);
      else setError(result.message);
    } catch {
      setError(t('payment.failed'));
    } finally {
      setBusy(false);
    }
  };

  // Digits typed anywhere in the dialog go into the amount; Enter takes the payment.
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    const target = e.target as HTMLElement;
    // Any text field (the amount, a reference number) takes its own keys.
    const inField = target === input.current || target.tagName === 'INPUT';
    if (!inField && /^[0-9.]$/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      setText((v) => v + e.key);
      input.current?.focus();
    } else if (!inField && e.key === 'Enter' && target.tagName !== 'BUTTON') {
      e.preventDefault();
      void submit();
    }
  };

  const pick = (amount: number) => {
    setText(minorToDecimalText(amount, currency));
    setError(null);
    input.current?.focus();
  };

  const quick = method === 'CASH' ? quickTenders(exact, currency) : [];
  const bigButton = phone ? 56 : 48;

  let primaryLabel = t('payment.pay', { amount: fmt(entry.amount, currency) });
  if (nothingDue) primaryLabel = t('payment.completeNothingDue');
  else if (outcome?.kind === 'partial') {
    primaryLabel = t('payment.addTender', { amount: fmt(entry.amount, currency) });
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onKeyDown={onKeyDown}
    >
      {/* On a phone the pay button sits at the bottom of the screen, under the thumb. */}
      <Stack gap="md" mih={phone ? 'calc(100dvh - 96px)' : undefined}>
        <Stack gap={2}>
          <Text size="sm" c="dimmed" fw={600}>
            {tenders.length ? t('payment.remaining') : t('payment.total')}
          </Text>
          <Text fz={phone ? 36 : 40} fw={800} lh={1.1} data-testid="payment-due">
            {fmt(remaining, context.mainCurrency)}
          </Text>
          {canSecond && second ? (
            <Text size="lg" c="dimmed" fw={600} data-testid="payment-due-second">
              {t('payment.inSecond', { amount: fmt(toCurrency(remaining, second, context), second) })}
            </Text>
          ) : null}
        </Stack>

        {tenders.length ? (
          <Stack gap={4} aria-label={t('payment.tenders')}>
            {tenders.map((tender, i) => (
              <Group key={i} justify="space-between" wrap="nowrap" gap="xs">
                <Text>
                  {methodName(tender)} · {fmt(tender.amount, tender.currency)}
                  {tender.reference ? ` · ${tender.reference}` : ''}
                </Text>
                <CloseButton
                  aria-label={t('payment.removeTender', {
                    method: methodName(tender),
                    amount: fmt(tender.amount, tender.currency),
                  })}
                  disabled={busy}
                  onClick={() => {
                    setTenders((list) => list.filter((_, j) => j !== i));
                    setError(null);
                  }}
                />
              </Group>
            ))}
          </Stack>
        ) : null}

        <SimpleGrid cols={phone ? 2 : 3} spacing="xs" role="group" aria-label={t('payment.methodLabel')}>
          {methods.map((m) => (
            <Button
              key={m.id}
              h={bigButton}
              variant={m.id === selected?.id ? 'filled' : 'default'}
              aria-pressed={m.id === selected?.id}
              disabled={busy}
              styles={{ label: { whiteSpace: 'normal', lineHeight: 1.2 } }}
              onClick={() => {
                setMethodId(m.id);
                setReference('');
                setError(null);
              }}
            >
              {paymentMethodText(t, m)}
            </Button>
          ))}
        </SimpleGrid>
        {needsReference ? (
          <TextInput
            label={t('paymentMethods.reference')}
            description={t('paymentMethods.referenceHint')}
            size={phone ? 'lg' : 'md'}
            autoComplete="off"
            maxLength={64}
            value={reference}
            disabled={busy}
            onChange={(e) => {
              setReference(e.currentTarget.value);
              setError(null);
            }}
            error={missingReference && text.trim() !== '' ? t('paymentMethods.referenceRequired') : undefined}
          />
        ) : null}

        {second ? (
          <Stack gap={4}>
            <SegmentedControl
              fullWidth
              size={phone ? 'lg' : 'md'}
              value={currency}
              disabled={busy}
              onChange={(v) => {
                setCurrency(v as CurrencyCode);
                setText('');
                setError(null);
              }}
              data={[
                {
                  value: context.mainCurrency,
                  label: `${CURRENCIES[context.mainCurrency].sign} ${context.mainCurrency}`,
                },
                { value: second, label: `${CURRENCIES[second].sign} ${second}`, disabled: !canSecond },
              ]}
              aria-label={t('payment.currencyLabel')}
            />
            {!canSecond ? (
              <Text size="sm" c="dimmed">
                {t('payment.noRate', { currency: second })}
              </Text>
            ) : rateInfo ? (
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  {t('payment.rate', {
                    main: context.mainCurrency,
                    second,
                    rate: rateInfo.rate,
                    date: rateInfo.date,
                    source: rateInfo.source,
                  })}
                </Text>
                {rateInfo.stale ? (
                  <Text size="sm" c="orange.8" fw={600}>
                    {t('payment.staleRate')}
                  </Text>
                ) : null}
              </Group>
            ) : null}
          </Stack>
        ) : null}

        <TextInput
          ref={input}
          data-autofocus
          label={t('payment.amount', { currency })}
          inputMode="decimal"
          autoComplete="off"
          size={phone ? 'xl' : 'lg'}
          value={text}
          disabled={busy}
          placeholder={minorToDecimalText(exact, currency)}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(null);
          }}
          leftSection={
            <Text fw={700} c="dimmed">
              {CURRENCIES[currency].sign}
            </Text>
          }
          leftSectionWidth={CURRENCIES[currency].sign.length > 2 ? 64 : 44}
          error={
            badAmount
              ? t('payment.badAmount', { currency, decimals: CURRENCIES[currency].exponent })
              : outcome?.kind === 'refused'
                ? refusalText(outcome.refusal)
                : undefined
          }
        />
        {outcome?.kind === 'pays' ? (
          <ChangePreview
            settlement={outcome.settlement}
            context={context}
            choices={choices}
            inMain={changeInMain}
            onInMain={setChangeInMain}
            fmt={fmt}
            phone={phone}
            disabled={busy}
          />
        ) : outcome?.kind === 'partial' ? (
          <Text fz="lg" fw={700} c="orange.8">
            {t('payment.leftAfter', { amount: fmt(outcome.remaining, context.mainCurrency) })}
          </Text>
        ) : null}

        <SimpleGrid cols={phone ? 2 : 3} spacing="xs">
          <Button
            variant="light"
            h={bigButton}
            style={phone ? { gridColumn: '1 / -1' } : undefined}
            disabled={busy || exact <= 0}
            onClick={() => pick(exact)}
          >
            {t('payment.exact', { amount: fmt(exact, currency) })}
          </Button>
          {quick.map((amount) => (
            <Button key={amount} variant="default" h={bigButton} disabled={busy} onClick={() => pick(amount)}>
              {fmt(amount, currency)}
            </Button>
          ))}
        </SimpleGrid>

        {error ? (
          <Alert color="red" role="alert" title={t('payment.failedTitle')}>
            {error}
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
            disabled={!outcome || outcome.kind === 'refused' || (missingReference && !nothingDue)}
          >
            {primaryLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
