import { Alert, Anchor, Divider, Group, Stack, Text } from '@mantine/core';
import { Link } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { ExchangeRate, SalePricing, TaxMode } from '@shopdesk/shared';
import { basisPointsToPercent } from '@shopdesk/shared';
import { trimRate } from '../../../lib/rate-text.ts';
import { formatMain, formatSecond, useStoreMoney } from '../../../lib/store-money.ts';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text fz="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 600 : undefined}>
        {label}
      </Text>
      <Text fz="sm" fw={strong ? 600 : 500}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * What the cart comes to: subtotal, discounts, tax per rate (only for a store with tax), the total,
 * and the total in the second currency with the rate's date and source, as every converted amount
 * at the counter must show them. A rate older than a week asks for a manual one.
 */
export function CartTotals({
  pricing,
  taxMode,
  rate,
  stale,
  settingsPath,
}: {
  pricing: SalePricing;
  taxMode: TaxMode;
  rate: ExchangeRate | null;
  stale: boolean;
  settingsPath: string;
}) {
  const { t } = useTranslation();
  const money = useStoreMoney();
  // The rate the payment dialog converts with: the store's effective one, else the session's copy.
  const second = formatSecond(money, pricing.total, rate?.rate ?? money.rate);
  return (
    <Stack gap={6}>
      {(pricing.lineDiscounts > 0 || pricing.cartDiscount > 0 || taxMode === 'EXCLUSIVE') && (
        <Row label={t('counter.subtotal')} value={formatMain(money, pricing.gross)} />
      )}
      {pricing.lineDiscounts > 0 && (
        <Row label={t('counter.lineDiscounts')} value={`−${formatMain(money, pricing.lineDiscounts)}`} />
      )}
      {pricing.cartDiscount > 0 && (
        <Row label={t('counter.cartDiscount')} value={`−${formatMain(money, pricing.cartDiscount)}`} />
      )}
      {taxMode !== 'NONE' &&
        pricing.taxes.map((bucket) => (
          <Row
            key={bucket.rate}
            label={t(taxMode === 'INCLUSIVE' ? 'counter.taxIncluded' : 'counter.taxAdded', {
              rate: basisPointsToPercent(bucket.rate),
            })}
            value={formatMain(money, bucket.tax)}
          />
        ))}
      <Divider my={4} />
      <Group justify="space-between" align="baseline" wrap="nowrap">
        <Text fw={700}>{t('counter.total')}</Text>
        <Text fw={800} fz={28} lh={1.1} data-testid="cart-total">
          {formatMain(money, pricing.total)}
        </Text>
      </Group>
      {second && (
        <Group justify="space-between" align="baseline" wrap="nowrap">
          <Text fz="xs" c="dimmed">
            {rate
              ? t('counter.rateLine', {
                  main: rate.base,
                  second: rate.quote,
                  rate: trimRate(rate.rate),
                  date: rate.date,
                  source: t(`counter.rateSource.${rate.source}`, { defaultValue: rate.source }),
                })
              : ''}
          </Text>
          <Text fw={600} c="dimmed" data-testid="cart-total-second">
            {second}
          </Text>
        </Group>
      )}
      {money.second && stale && (
        <Alert color="orange" variant="light" p="xs" role="status">
          <Text fz="xs">
            {rate ? t('counter.rateStale', { date: rate.date }) : t('counter.rateMissing')}{' '}
            <Anchor component={Link} to={settingsPath} fz="xs">
              {t('counter.setManualRate')}
            </Anchor>
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
