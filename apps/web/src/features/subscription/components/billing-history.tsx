import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { Invoice } from '@shopdesk/shared';
import { formatInvoiceAmount } from '../lib/invoice-money.ts';

/** The caller's invoices, newest first, each in its own currency. */
export function BillingHistory({ invoices }: { invoices: Invoice[] }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  if (invoices.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('subscription.historyEmpty')}
      </Text>
    );
  }
  return (
    <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {invoices.map((invoice, i) => (
        <Paper
          key={invoice.id}
          component="li"
          py="sm"
          radius={0}
          style={{ borderTop: i === 0 ? undefined : '1px solid var(--mantine-color-default-border)' }}
          data-testid="invoice"
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm">
                {date.format(new Date(invoice.date))}
              </Text>
              <Text size="sm" c="dimmed" lineClamp={2}>
                {invoice.description}
              </Text>
              <Group gap={6} mt={4}>
                <Badge
                  size="sm"
                  variant="light"
                  color={invoice.status === 'PAID' ? 'teal' : invoice.status === 'OPEN' ? 'yellow' : 'gray'}
                >
                  {t(`subscription.invoiceStatus.${invoice.status}`)}
                </Badge>
                {invoice.testMode && (
                  <Badge size="sm" variant="outline" color="orange">
                    {t('subscription.testMode')}
                  </Badge>
                )}
              </Group>
            </div>
            <Text fw={800} style={{ whiteSpace: 'nowrap' }}>
              {formatInvoiceAmount(invoice.amount, invoice.currency, i18n.language)}
            </Text>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
