import { Anchor, Box, Button, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { Link } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { TransactionSummary } from '@shopdesk/shared';
import { paths } from '../../../lib/paths.ts';
import { CardList, TableCard } from '../../../components/list-card.tsx';
import { StatusBadge } from './status-badge.tsx';
import { TenderIcons } from './tender-icons.tsx';
import { useSalesFormat } from './use-sales-format.ts';

interface Props {
  store: string;
  items: TransactionSummary[];
  phone: boolean;
  /** The open sale, marked in the list beside its drawer. */
  selected?: string;
  /** Dimmed while the next page loads over the last one. */
  stale: boolean;
  onOpen: (code: string) => void;
}

/** A held cart's way back to the counter, where it is finished or changed. */
function ReopenLink({ store, code }: { store: string; code: string }) {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to={paths.shopCounter(store, code)}
      size="xs"
      variant="light"
      onClick={(e) => e.stopPropagation()}
      aria-label={t('sales.reopenCode', { code })}
    >
      {t('sales.reopen')}
    </Button>
  );
}

/** The sales of one page: a list of cards on a phone, a table on a wider screen. */
export function SalesRows({ store, items, phone, selected, stale, onOpen }: Props) {
  const { t } = useTranslation();
  const f = useSalesFormat();
  const when = (s: TransactionSummary) => f.short(s.completedAt ?? s.soldAt);
  const refunded = (s: TransactionSummary) =>
    s.refundedAmount > 0 && (
      <Text fz="xs" c="orange.8">
        {t('sales.refundedAmount', { amount: f.money(s.refundedAmount, s.currency) })}
      </Text>
    );
  const items_ = (s: TransactionSummary) => t('sales.items', { count: s.itemCount });

  if (phone) {
    return (
      <CardList items={items} keyOf={(s) => s.id} label={t('sales.listLabel')} stale={stale} rowTestId="sale-row">
        {(s) => (
          <>
            <UnstyledButton
              onClick={() => onOpen(s.code)}
              px="md"
              py="sm"
              w="100%"
              aria-label={t('sales.openSale', { code: s.code })}
            >
              <Group wrap="nowrap" gap="sm" align="flex-start">
                <Box style={{ flex: 1, minWidth: 0 }}>
                  <Group gap={6} wrap="nowrap">
                    <Text fz="sm" fw={600}>
                      {when(s)}
                    </Text>
                    <Text fz="xs" ff="monospace" c="dimmed" truncate>
                      {s.code}
                    </Text>
                  </Group>
                  <Text fz="sm" truncate mt={2}>
                    {s.firstItems || items_(s)}
                  </Text>
                  <Group gap={6} mt={6} wrap="nowrap">
                    <StatusBadge status={s.status} />
                    <Text fz="xs" c="dimmed">
                      {items_(s)}
                    </Text>
                    <TenderIcons methods={s.methods} />
                  </Group>
                </Box>
                <Stack gap={2} align="flex-end">
                  <Text fw={700}>{f.money(s.total, s.currency)}</Text>
                  {refunded(s)}
                </Stack>
              </Group>
            </UnstyledButton>
            {s.status === 'PARKED' && (
              <Group justify="flex-end" px="md" pb="sm" mt={-4}>
                <ReopenLink store={store} code={s.code} />
              </Group>
            )}
          </>
        )}
      </CardList>
    );
  }

  return (
    <TableCard stale={stale}>
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label={t('sales.listLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('sales.time')}</Table.Th>
            <Table.Th>{t('sales.code')}</Table.Th>
            <Table.Th>{t('sales.itemsColumn')}</Table.Th>
            <Table.Th>{t('sales.statusColumn')}</Table.Th>
            <Table.Th>{t('sales.paymentColumn')}</Table.Th>
            <Table.Th ta="right">{t('sales.total')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((s) => (
            <Table.Tr
              key={s.id}
              data-testid="sale-row"
              onClick={() => onOpen(s.code)}
              style={{ cursor: 'pointer' }}
              bg={selected === s.code ? 'var(--mantine-primary-color-light)' : undefined}
            >
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(s)}</Table.Td>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={paths.shopList(store, s.code)}
                  onClick={(e) => {
                    e.preventDefault();
                    e.stopPropagation();
                    onOpen(s.code);
                  }}
                  aria-label={t('sales.openSale', { code: s.code })}
                  ff="monospace"
                  fz="sm"
                >
                  {s.code}
                </Anchor>
              </Table.Td>
              <Table.Td maw={320}>
                <Text fz="sm" truncate>
                  {s.firstItems}
                </Text>
                <Text fz="xs" c="dimmed">
                  {items_(s)}
                </Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={s.status} />
              </Table.Td>
              <Table.Td>
                {s.status === 'PARKED' ? (
                  <ReopenLink store={store} code={s.code} />
                ) : (
                  <TenderIcons methods={s.methods} />
                )}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Text fw={700} fz="sm">
                  {f.money(s.total, s.currency)}
                </Text>
                {refunded(s)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableCard>
  );
}
