import { Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { tenderLabel, type Tender } from '@shopdesk/shared';
import { paymentMethodText } from '../../../lib/payment-methods.ts';
import { TenderIcon } from './tender-icons.tsx';
import type { SalesFormat } from './use-sales-format.ts';

/**
 * Tenders of a sale or a refund: each in its own currency, with what it counted for in the main
 * currency and its change in both currencies when the two differ.
 */
export function TenderRows({
  tenders,
  main,
  f,
  refund,
}: {
  tenders: Tender[];
  main: string;
  f: SalesFormat;
  /** A refund's tenders: money given back, never change. */
  refund?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {tenders.map((tender, i) => {
        const foreign = tender.currency !== main;
        return (
          <Box component="li" key={i} data-testid="tender">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Group gap={8} wrap="nowrap">
                <TenderIcon method={tender.method} />
                <Text fz="sm">
                  {/* The method as it was named when paid. */}
                  {paymentMethodText(t, tenderLabel(tender))}
                  {foreign ? ` (${tender.currency})` : ''}
                </Text>
              </Group>
              <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {f.money(tender.amount, tender.currency)}
              </Text>
            </Group>
            {tender.reference ? (
              <Text fz="xs" c="dimmed" data-testid="tender-reference">
                {t('sales.reference', { reference: tender.reference })}
              </Text>
            ) : null}
            {foreign && (
              <Text fz="xs" c="dimmed" ta="right">
                {t(refund ? 'sales.givenBackInMain' : 'sales.appliedInMain', { amount: f.money(tender.applied, main) })}
              </Text>
            )}
            {!refund && tender.change > 0 && (
              <Text fz="sm" ta="right" data-testid="tender-change">
                {tender.changeCurrency !== tender.currency
                  ? // Handed back in the main currency: that is the change the customer got.
                    t('sales.change', { amount: f.money(tender.changeInMain, tender.changeCurrency) })
                  : foreign
                    ? t('sales.changeBoth', {
                        amount: f.money(tender.change, tender.currency),
                        main: f.money(tender.changeInMain, main),
                      })
                    : t('sales.change', { amount: f.money(tender.change, tender.currency) })}
              </Text>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
