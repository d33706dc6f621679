import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { StoredValueEntry } from '@shopdesk/shared';
import { Link } from '../lib/router/index.ts';
import { useTranslation } from '../lib/i18n/use-translation.ts';
import { paths } from '../lib/paths.ts';
import { useStoredValueFormat } from '../lib/stored-value-format.ts';
import { CardList, EmptyCard } from './list-card.tsx';

/**
 * A card's or a store credit's ledger, newest first: what happened (sold, spent, refunded, adjusted,
 * expired, blocked), the signed amount, the balance after it, the sale it belongs to (linked to the
 * sale's page), who did it, the note and when. A gift card's page and a customer's page share it.
 */
export function StoredValueEntries({
  store,
  entries,
  currency,
}: {
  store: string;
  entries: readonly StoredValueEntry[];
  currency: string;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)');
  const fmt = useStoredValueFormat();
  if (entries.length === 0) return <EmptyCard>{t('giftCards.entries.empty')}</EmptyCard>;

  const amount = (e: StoredValueEntry) =>
    e.kind === 'BLOCK' || e.kind === 'UNBLOCK' ? (
      <Text fz="sm" c="dimmed">
        —
      </Text>
    ) : (
      <Text fz="sm" fw={700} c={e.amount < 0 ? 'red.7' : 'teal.8'} style={{ whiteSpace: 'nowrap' }}>
        {fmt.signed(e.amount, currency)}
      </Text>
    );
  const sale = (e: StoredValueEntry) =>
    e.saleCode ? (
      <Anchor component={Link} to={paths.shopList(store, e.saleCode)} fz="sm">
        {t('giftCards.entries.sale', { code: e.saleCode })}
      </Anchor>
    ) : null;
  const details = (e: StoredValueEntry) => [e.note, e.userName].filter(Boolean).join(' · ');

  if (phone)
    return (
      <CardList items={entries} keyOf={(e) => e.id} label={t('giftCards.entries.title')} rowTestId="sv-entry">
        {(e) => (
          <Stack gap={2} px="md" py="sm">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text fz="sm" fw={600}>
                {t(`giftCards.entryKinds.${e.kind}`)}
              </Text>
              {amount(e)}
            </Group>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text fz="xs" c="dimmed">
                {fmt.dateTime(e.at)}
              </Text>
              <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {t('giftCards.entries.balanceAfterShort', { amount: fmt.money(e.balanceAfter, currency) })}
              </Text>
            </Group>
            {sale(e)}
            {details(e) && (
              <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {details(e)}
              </Text>
            )}
          </Stack>
        )}
      </CardList>
    );

  return (
    <Table verticalSpacing="xs" aria-label={t('giftCards.entries.title')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={180}>{t('giftCards.entries.when')}</Table.Th>
          <Table.Th>{t('giftCards.entries.what')}</Table.Th>
          <Table.Th>{t('giftCards.entries.by')}</Table.Th>
          <Table.Th ta="right">{t('giftCards.entries.amount')}</Table.Th>
          <Table.Th ta="right">{t('giftCards.entries.balanceAfter')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((e) => (
          <Table.Tr key={e.id} data-testid="sv-entry">
            <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
              {fmt.dateTime(e.at)}
            </Table.Td>
            <Table.Td>
              <Stack gap={0}>
                <Text fz="sm" fw={600}>
                  {t(`giftCards.entryKinds.${e.kind}`)}
                </Text>
                {sale(e)}
                {e.note && (
                  <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {e.note}
                  </Text>
                )}
              </Stack>
            </Table.Td>
            <Table.Td fz="sm" c="dimmed">
              {e.userName ?? t('giftCards.entries.system')}
            </Table.Td>
            <Table.Td ta="right">{amount(e)}</Table.Td>
            <Table.Td ta="right" fz="sm" style={{ whiteSpace: 'nowrap' }}>
              {fmt.money(e.balanceAfter, currency)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
