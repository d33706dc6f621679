import { useState } from 'react';
import { Alert, Anchor, Badge, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CustomerHistoryWindow } from '@shopdesk/shared';
import { Link } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { formatMain, useStoreMoney } from '../../../lib/store-money.ts';
import { paths } from '../../../lib/paths.ts';
import { Pager } from '../../../components/pager.tsx';
import { CardList, EmptyCard } from '../../../components/list-card.tsx';
import { useCustomerHistory } from '../api/get-history.ts';
import { useCustomerFormat } from '../lib/use-customer-format.ts';

const PAGE_SIZE = 20;
type Item = CustomerHistoryWindow['items'][number];

/** "+10" / "−120": a points change with its sign, as the ledger keeps it. */
export function signedPoints(points: number, locale: string): string {
  const n = Math.abs(points).toLocaleString(locale);
  return points > 0 ? `+${n}` : points < 0 ? `\u2212${n}` : n;
}

/** The customer's sales and points entries, newest first, a window at a time; a sale opens its page. */
export function CustomerHistory({ store, id }: { store: string; id: string }) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)');
  const money = useStoreMoney();
  const fmt = useCustomerFormat();
  const [page, setPage] = useState(0);
  const history = useCustomerHistory(store, id, page, PAGE_SIZE);
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / PAGE_SIZE));

  const what = (item: Item) =>
    item.type === 'SALE' ? (
      <Stack gap={0}>
        <Anchor component={Link} to={paths.shopList(store, item.code)} fw={600} fz="sm">
          {t('customers.history.sale', { code: item.code })}
        </Anchor>
        <Text fz="xs" c="dimmed" lineClamp={1}>
          {item.firstItems}
          {item.itemCount > 0 ? ` · ${t('customers.history.items', { count: item.itemCount })}` : ''}
        </Text>
      </Stack>
    ) : (
      <Stack gap={0}>
        <Text fz="sm" fw={600}>
          {t(`customers.history.kinds.${item.entry.kind}`)}
          {item.entry.saleCode ? ` · ${item.entry.saleCode}` : ''}
        </Text>
        {(item.entry.note || item.entry.userName) && (
          <Text fz="xs" c="dimmed" lineClamp={2}>
            {[item.entry.note, item.entry.userName].filter(Boolean).join(' · ')}
          </Text>
        )}
      </Stack>
    );

  const refunded = (item: Item) =>
    item.type === 'SALE' &&
    item.refundedAmount > 0 && (
      <Badge color="orange" variant="light" tt="none" w="fit-content">
        {t('customers.history.refunded', { amount: formatMain(money, item.refundedAmount) })}
      </Badge>
    );

  const amount = (item: Item) =>
    item.type === 'SALE' ? (
      <Text fz="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
        {formatMain(money, item.total)}
      </Text>
    ) : (
      <Text fz="sm" fw={700} c={item.entry.points < 0 ? 'red' : 'teal'} style={{ whiteSpace: 'nowrap' }}>
        {t('customers.history.points', { points: signedPoints(item.entry.points, i18n.language) })}
      </Text>
    );

  const key = (item: Item, i: number) => (item.type === 'SALE' ? `s-${item.code}` : `p-${item.entry.id}`) + i;
  const items = history.data?.items ?? [];

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="history-heading">
      <Title order={2} fz={18} mb="md" id="history-heading">
        {t('customers.history.title')}
      </Title>
      {history.isPending && <Skeleton h={160} />}
      {history.isError && <Alert color="red">{describeError(t, history.error)}</Alert>}
      {history.data && items.length === 0 && <EmptyCard>{t('customers.history.empty')}</EmptyCard>}
      {items.length > 0 &&
        (phone ? (
          <CardList
            items={items.map((item, i) => ({ item, i }))}
            keyOf={({ item, i }) => key(item, i)}
            label={t('customers.history.title')}
            stale={history.isPlaceholderData}
          >
            {({ item }) => (
              // A phone's row: when and how much on the first line, what under it, whole.
              <Stack gap={2} px="md" py="sm">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Text fz="xs" c="dimmed">
                    {fmt.dateTime(item.at)}
                  </Text>
                  {amount(item)}
                </Group>
                {what(item)}
                {refunded(item)}
              </Stack>
            )}
          </CardList>
        ) : (
          <Table verticalSpacing="xs" style={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={200}>{t('customers.history.when')}</Table.Th>
                <Table.Th>{t('customers.history.what')}</Table.Th>
                <Table.Th ta="right">{t('customers.history.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item, i) => (
                <Table.Tr key={key(item, i)}>
                  <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                    {fmt.dateTime(item.at)}
                  </Table.Td>
                  <Table.Td>{what(item)}</Table.Td>
                  <Table.Td ta="right">
                    <Stack gap={2} align="flex-end">
                      {amount(item)}
                      {refunded(item)}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))}
      <Pager page={page} pages={pages} onChange={setPage} compact={phone} mt="md" />
    </Paper>
  );
}
