import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { asProductUnit, formatQuantity, isMeasuredUnit, perUnitSuffix, type ShopTransaction } from '@shopdesk/shared';
import type { SalesFormat } from './use-sales-format.ts';

/** What was sold: each line's quantity, price, discounts, tax rate, refunded units and total. */
export function SaleLines({ sale, f }: { sale: ShopTransaction; f: SalesFormat }) {
  const { t } = useTranslation();
  const money = (minor: number) => f.money(minor, sale.currency);
  return (
    <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('sales.lines')}>
      {sale.lines.map((line, i) => {
        // A weighed line reads 0.342 kg × ¥1,980/kg, as the counter's cart showed it.
        const unit = asProductUnit(line.unit);
        const measured = isMeasuredUnit(unit);
        const q = (n: number) => (measured ? formatQuantity(n, unit) : f.number(n));
        const extras = [
          line.lineDiscount > 0 ? t('sales.lineDiscount', { amount: money(line.lineDiscount) }) : null,
          line.cartDiscount > 0 ? t('sales.cartDiscountShare', { amount: money(line.cartDiscount) }) : null,
          sale.taxMode !== 'NONE' ? t('sales.lineTax', { rate: f.rate(line.taxRate) }) : null,
        ].filter(Boolean);
        return (
          <Box
            component="li"
            key={line.id}
            py={8}
            data-testid="sale-line"
            style={{ borderTop: i ? '1px solid var(--mantine-color-default-border)' : undefined }}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
              <Box style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {line.name}
                </Text>
                <Text fz="sm" c="dimmed">
                  {t('sales.quantityTimesPrice', {
                    quantity: q(line.quantity),
                    price: money(line.unitPrice) + perUnitSuffix(unit),
                  })}
                  {line.code ? (
                    <Text span ff="monospace" fz="xs">
                      {' '}
                      · {line.code}
                    </Text>
                  ) : null}
                </Text>
                {extras.length > 0 && (
                  <Text fz="xs" c="dimmed">
                    {extras.join(' · ')}
                  </Text>
                )}
              </Box>
              <Stack gap={4} align="flex-end" style={{ flex: 'none' }}>
                <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {money(line.total)}
                </Text>
                {line.refundedQuantity > 0 && (
                  <Badge color="orange" variant="light" tt="none" data-testid="line-refunded">
                    {line.refundedQuantity >= line.quantity
                      ? t('sales.lineRefundedAll')
                      : measured
                        ? t('sales.lineRefundedMeasured', {
                            quantity: q(line.refundedQuantity),
                            sold: q(line.quantity),
                          })
                        : t('sales.lineRefunded', { count: line.refundedQuantity, sold: line.quantity })}
                  </Badge>
                )}
              </Stack>
            </Group>
          </Box>
        );
      })}
    </Stack>
  );
}
