import { lazy, Suspense } from 'react';
import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { asProductUnit, formatQuantity, isMeasuredUnit, type ShopTransaction } from '@shopdesk/shared';
import { TenderRows } from './tender-rows.tsx';
import type { SalesFormat } from './use-sales-format.ts';

const ReceiptActions = lazy(() =>
  import('../../../printing/receipt-actions/receipt-actions.tsx').then((m) => ({ default: m.ReceiptActions })),
);

/**
 * Each refund of the sale: when, which items, how much, whether the goods went back on the shelf,
 * how the money went back, and its return receipt.
 */
export function SaleRefunds({ sale, f }: { sale: ShopTransaction; f: SalesFormat }) {
  const { t } = useTranslation();
  const names = new Map(sale.lines.map((l) => [l.id, l.name]));
  const units = new Map(sale.lines.map((l) => [l.id, asProductUnit(l.unit)]));
  /** 2 pieces, or 0.100 kg of a weighed line. */
  const quantityOf = (lineId: string, quantity: number) => {
    const unit = units.get(lineId) ?? 'EACH';
    return isMeasuredUnit(unit) ? formatQuantity(quantity, unit) : f.number(quantity);
  };
  const money = (minor: number) => f.money(minor, sale.currency);
  return (
    <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {sale.refunds.map((r, i) => (
        <Box
          component="li"
          key={r.id}
          p="sm"
          data-testid="refund"
          style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
            <div>
              <Text fz="sm" fw={600}>
                {f.dateTime(r.createdAt)}
              </Text>
              <Badge mt={4} variant="light" tt="none" color={r.restock ? 'teal' : 'gray'}>
                {r.restock ? t('sales.restocked') : t('sales.notRestocked')}
              </Badge>
            </div>
            <Text fw={800} style={{ whiteSpace: 'nowrap' }}>
              −{money(r.amount)}
            </Text>
          </Group>
          <Stack gap={2} mt={8}>
            {r.lines.map((l) => (
              <Group key={l.lineId} justify="space-between" wrap="nowrap" gap="sm">
                <div>
                  <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                    {t('sales.refundLine', {
                      name: names.get(l.lineId) ?? '?',
                      quantity: quantityOf(l.lineId, l.quantity),
                    })}
                  </Text>
                  {r.restock && l.restocked < l.quantity && (
                    <Text fz="xs" c="orange.8">
                      {t('sales.lineNotRestocked')}
                    </Text>
                  )}
                </div>
                <Text fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {money(l.amount)}
                </Text>
              </Group>
            ))}
            {r.tax > 0 && (
              <Text fz="xs" c="dimmed">
                {t('sales.refundTax', { amount: money(r.tax) })}
              </Text>
            )}
          </Stack>
          {r.tenders.length > 0 && (
            <Box mt={8}>
              <TenderRows tenders={r.tenders} main={sale.currency} f={f} refund />
            </Box>
          )}
          {r.note && (
            <Text fz="sm" mt={6} c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {r.note}
            </Text>
          )}
          {/* The refund's own receipt (a return invoice for a qualified sale): print, share or show its QR. */}
          <Box mt={10}>
            <Suspense fallback={null}>
              <ReceiptActions code={sale.code} refund={i + 1} size="xs" />
            </Suspense>
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
