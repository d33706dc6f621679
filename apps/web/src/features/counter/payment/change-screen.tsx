import type { ReactNode } from 'react';
import { Alert, Badge, Box, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import {
  formatCardCode,
  formatMoney,
  type CurrencyCode,
  type PaymentContext,
  type Settlement,
  type TenderInput,
} from '@shopdesk/shared';
import { useSession } from '../../../lib/session-store.ts';
import { changeFigures } from './payment-math.ts';
import type { SaleCards } from './payment-types.ts';

/**
 * After payment: the change in big type, in the one currency it is handed back in (the cashier's
 * choice, which the shift books), read from across the counter. "New sale" has focus, so Enter moves on to the next customer.
 */
export function ChangeScreen({
  settlement,
  methodName,
  queued,
  context,
  phone,
  onNewSale,
  extra,
  cards,
}: {
  settlement: Settlement;
  /** A tender's payment method as the cashier knows it. */
  methodName: (tender: Pick<TenderInput, 'method' | 'methodId' | 'cardCode'>) => string;
  queued: boolean;
  context: PaymentContext;
  phone: boolean;
  onNewSale(): void;
  /** What else the cashier can do for this sale (print or share its receipt). */
  extra?: ReactNode;
  /** The gift cards the sale sold and what is left on the cards it spent. */
  cards?: SaleCards;
}) {
  const { t } = useTranslation();
  const locale = useSession((s) => s.userLocale);
  const fmt = (minor: number, currency: CurrencyCode) => formatMoney(minor, currency, locale);
  const change = changeFigures(settlement, context);

  return (
    <Stack gap="lg" align="stretch" mih={phone ? 'calc(100dvh - 96px)' : undefined}>
      <Stack gap={4} align="center" py={phone ? 'xl' : 'md'}>
        <Text size="lg" c="dimmed" fw={700}>
          {change.amount > 0 ? t('payment.change') : t('payment.noChange')}
        </Text>
        {change.amount > 0 ? (
          <>
            <Text fz={phone ? 56 : 64} fw={900} lh={1} data-testid="change-amount" ta="center">
              {fmt(change.amount, change.currency)}
            </Text>
            <Text fz="lg" fw={700} c="dimmed" data-testid="change-currency" ta="center">
              {t('payment.changeIn', { currency: change.currency })}
            </Text>
          </>
        ) : null}
      </Stack>

      {cards?.giftCards?.map((code) => (
        <Alert
          key={code}
          color="green"
          variant="light"
          data-testid="gift-card-active"
          title={t('counterGiftCard.activeTitle')}
        >
          <Text fz="lg" fw={700}>
            {t('counterGiftCard.active', { code: formatCardCode(code) })}
          </Text>
        </Alert>
      ))}

      <Stack gap={4}>
        {settlement.tenders.map((tender, i) => (
          <Text key={i} size="sm" ta="center">
            {methodName(tender)} · {fmt(tender.amount, tender.currency)}
          </Text>
        ))}
        {cards?.cardsLeft?.map((left) => (
          <Text key={left.cardCode} size="sm" ta="center" c="dimmed" data-testid="card-left">
            {t('counterGiftCard.left', {
              card: left.storeCredit
                ? t('paymentMethods.names.storeCredit')
                : methodName({ method: 'STORED_VALUE', cardCode: left.cardCode }),
              amount: fmt(left.balance, context.mainCurrency),
            })}
          </Text>
        ))}
        {settlement.rounding !== 0 ? (
          <Text size="sm" c="dimmed" ta="center" data-testid="cash-rounding">
            {t('payment.rounding', {
              amount: `${settlement.rounding > 0 ? '+' : '−'}${fmt(Math.abs(settlement.rounding), context.mainCurrency)}`,
              due: fmt(settlement.due, context.mainCurrency),
            })}
          </Text>
        ) : null}
        {queued ? (
          <Badge color="orange" variant="light" size="lg" mx="auto" tt="none">
            {t('payment.queued')}
          </Badge>
        ) : null}
      </Stack>

      {extra ? <Box mt={phone ? 'auto' : undefined}>{extra}</Box> : null}
      <Button
        size="lg"
        h={phone ? 60 : 52}
        mt={phone && !extra ? 'auto' : undefined}
        onClick={onNewSale}
        data-autofocus
        autoFocus
      >
        {t('payment.newSale')}
      </Button>
    </Stack>
  );
}
