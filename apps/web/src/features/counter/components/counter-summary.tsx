import type { ReactNode } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { formatMain, type StoreMoney } from '../../../lib/store-money.ts';
import { paths } from '../../../lib/paths.ts';
import type { useCounterPayment } from '../hooks/use-counter-payment.ts';
import type { CounterSale } from '../hooks/use-counter-sale.ts';
import { CartTotals } from './cart-totals.tsx';

interface Props {
  store: string;
  money: StoreMoney;
  sale: CounterSale;
  payment: ReturnType<typeof useCounterPayment>;
  /** Hold, and the More menu. */
  actions: ReactNode;
  onPay: () => void;
  onCartDiscount: () => void;
}

/**
 * The sum of the sale beside the cart: items, totals (with the second currency), and Pay; on a
 * phone the total and Pay sit at the bottom of the screen, under the thumb.
 */
export function CounterSummary({ store, money, sale, payment, actions, onPay, onCartDiscount }: Props) {
  const { t } = useTranslation();
  const { pricing, empty } = sale;
  const payLabel = t('counter.pay', { amount: formatMain(money, pricing.total) });
  return (
    <>
      {/* An empty cart has nothing to sum up on a phone: the scan hint fills the screen. */}
      <Paper withBorder radius="lg" p="md" className="counter-summary" visibleFrom={empty ? 'md' : undefined}>
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>{t('counter.items', { count: sale.items })}</Text>
            {actions}
          </Group>
          <CartTotals
            pricing={pricing}
            taxMode={sale.taxMode}
            rate={payment.rate}
            stale={payment.stale}
            settingsPath={paths.profileStoreSales(store, store)}
          />
          <Button size="xl" fullWidth onClick={onPay} disabled={empty} visibleFrom="md">
            {payLabel}
          </Button>
          {sale.cart.discount && (
            <Anchor component="button" type="button" fz="sm" onClick={onCartDiscount}>
              {t('counter.editCartDiscount')}
            </Anchor>
          )}
        </Stack>
      </Paper>
      <Paper
        hiddenFrom="md"
        withBorder
        shadow="md"
        radius={0}
        p="sm"
        pos="fixed"
        bottom={0}
        left={0}
        right={0}
        style={{ zIndex: 150, paddingBottom: 'calc(var(--mantine-spacing-sm) + env(safe-area-inset-bottom))' }}
      >
        <Button size="xl" fullWidth onClick={onPay} disabled={empty} data-testid="pay-phone">
          {payLabel}
        </Button>
      </Paper>
    </>
  );
}
