import { Divider, Stack } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { ShopTransaction } from '@shopdesk/shared';
import { AmountRow } from './detail-section.tsx';
import type { SalesFormat } from './use-sales-format.ts';

/** Subtotal, discounts, tax per rate (only for a store that charges tax), total and cash rounding. */
export function SaleTotals({ sale, f }: { sale: ShopTransaction; f: SalesFormat }) {
  const { t } = useTranslation();
  const money = (minor: number) => f.money(minor, sale.currency);
  const inclusive = sale.taxMode === 'INCLUSIVE';
  const discounted = sale.lineDiscounts > 0 || sale.cartDiscount > 0;
  return (
    <Stack gap={4}>
      {(discounted || (sale.taxMode === 'EXCLUSIVE' && sale.tax > 0)) && (
        <AmountRow label={t('sales.subtotal')} value={money(sale.gross)} />
      )}
      {sale.lineDiscounts > 0 && <AmountRow label={t('sales.lineDiscounts')} value={`−${money(sale.lineDiscounts)}`} />}
      {sale.cartDiscount > 0 && (
        <AmountRow
          label={
            sale.discount?.kind === 'PERCENT'
              ? t('sales.cartDiscountPercent', { rate: f.rate(sale.discount.basisPoints) })
              : t('sales.cartDiscount')
          }
          value={`−${money(sale.cartDiscount)}`}
        />
      )}
      {sale.taxMode !== 'NONE' &&
        sale.taxes.map((b) => (
          <AmountRow
            key={b.rate}
            dimmed={inclusive}
            label={t(inclusive ? 'sales.taxIncluded' : 'sales.taxAdded', { rate: f.rate(b.rate), base: money(b.base) })}
            value={money(b.tax)}
            testId="tax-bucket"
          />
        ))}
      <Divider my={4} />
      <AmountRow strong label={t('sales.total')} value={money(sale.total)} testId="sale-total" />
      {sale.rounding !== 0 && (
        <>
          <AmountRow
            label={t('sales.cashRounding')}
            value={`${sale.rounding > 0 ? '+' : '−'}${money(Math.abs(sale.rounding))}`}
            dimmed
          />
          <AmountRow label={t('sales.due')} value={money(sale.due)} />
        </>
      )}
      {sale.refundedAmount > 0 && (
        <AmountRow label={t('sales.refundedTotal')} value={`−${money(sale.refundedAmount)}`} testId="sale-refunded" />
      )}
    </Stack>
  );
}
