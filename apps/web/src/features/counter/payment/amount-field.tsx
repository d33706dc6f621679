import type { RefObject } from 'react';
import { Text, TextInput } from '@mantine/core';
import {
  CURRENCIES,
  minorToDecimalText,
  type CurrencyCode,
  type PaymentContext,
  type PaymentRefusal,
} from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { EntryOutcome } from './payment-math.ts';

/** The amount received, empty meaning the exact amount; says why an entry is refused. */
export function AmountField({
  input,
  currency,
  text,
  exact,
  badAmount,
  outcome,
  context,
  fmt,
  phone,
  busy,
  onText,
  label,
}: {
  input: RefObject<HTMLInputElement | null>;
  currency: CurrencyCode;
  text: string;
  exact: number;
  badAmount: boolean;
  outcome: EntryOutcome | null;
  context: PaymentContext;
  fmt: (minor: number, currency: CurrencyCode) => string;
  phone: boolean;
  busy: boolean;
  onText(value: string): void;
  /** Instead of "Amount received": a card's tender says what it takes from the card. */
  label?: string;
}) {
  const { t } = useTranslation();
  const refusalText = (refusal: PaymentRefusal) => {
    switch (refusal.code) {
      case 'NON_CASH_OVERPAID':
        return t('payment.nonCashOverpaid', { amount: fmt(exact, currency) });
      case 'NO_RATE':
      case 'CURRENCY_NOT_ACCEPTED':
        return t('payment.noRate', { currency: context.secondCurrency ?? '' });
      case 'TENDER_AFTER_PAID':
        return t('payment.alreadyPaid');
      case 'PAYMENT_SHORT':
        return t('payment.short', { amount: fmt(refusal.shortBy, context.mainCurrency) });
    }
  };
  return (
    <TextInput
      ref={input}
      data-autofocus
      label={label ?? t('payment.amount', { currency })}
      inputMode="decimal"
      autoComplete="off"
      size={phone ? 'xl' : 'lg'}
      value={text}
      disabled={busy}
      placeholder={minorToDecimalText(exact, currency)}
      onChange={(e) => onText(e.currentTarget.value)}
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
  );
}
