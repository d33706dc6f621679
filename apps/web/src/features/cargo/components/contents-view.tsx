import { useState } from 'react';
import { Alert, Badge, Box, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { Cargo } from '@shopdesk/shared';
import { describeError } from '../../../lib/describe-error.ts';
import { Pager } from '../../../components/pager.tsx';
import { useContentWindow } from '../api/get-contents.ts';
import { useFormatCargoMoney } from './cargo-money.ts';
import { ReceivedCounting } from './received-counting.tsx';

const PAGE_SIZE = 50;

/** Short (red) or over (orange) against what was sent; nothing when they match or nothing was counted. */
export function DiffBadge({ sent, received }: { sent: number; received: number | null }) {
  const { t } = useTranslation();
  if (received === null || received === sent) return null;
  const diff = received - sent;
  return (
    <Badge color={diff < 0 ? 'red' : 'orange'} variant="light" tt="none">
      {diff < 0 ? t('cargo.diff.short', { count: -diff }) : t('cargo.diff.over', { count: diff })}
    </Badge>
  );
}

/**
 * A cargo's contents a window at a time (a 2,000-line cargo opens at once): what was sent, what
 * was counted on receipt, and the difference. A received cargo not yet arrived is counted here.
 */
export function ContentsView({ store, cargo }: { store: string; cargo: Cargo }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)');
  const money = useFormatCargoMoney();
  const [page, setPage] = useState(0);
  const win = useContentWindow(store, cargo.code, cargo.id, page, PAGE_SIZE);
  const counting = cargo.status === 'NOT_ARRIVED' && cargo.transferredFrom !== null;
  const showReceived =
    cargo.transferredFrom !== null || cargo.status === 'TRANSFERRED' || cargo.totalReceivedQuantity !== null;
  const pages = Math.max(1, Math.ceil((win.data?.total ?? 0) / PAGE_SIZE));

  let list;
  if (win.isPending) list = <Skeleton h={240} />;
  else if (win.isError)
    list = (
      <Alert color="red" role="alert">
        {describeError(t, win.error)}
      </Alert>
    );
  else if (win.data.items.length === 0)
    list = (
      <Text c="dimmed" ta="center" py="xl">
        {t('cargo.contents.none')}
      </Text>
    );
  else if (counting)
    list = (
      <ReceivedCounting
        store={store}
        cargo={cargo}
        lines={win.data.items}
        onReveal={(index) => setPage(Math.floor(index / PAGE_SIZE))}
      />
    );
  else if (phone)
    list = (
      <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('cargo.contents.title')}>
        {win.data.items.map((c, i) => (
          <Group
            component="li"
            key={c.contentId}
            wrap="nowrap"
            gap="sm"
            py="xs"
            style={{ borderTop: i ? '1px solid var(--mantine-color-default-border)' : undefined }}
          >
            <Box style={{ flex: 1, minWidth: 0 }}>
              <Text fw={600} lineClamp={2} lh={1.3}>
                {c.name}
              </Text>
              <Text fz="xs" c="dimmed" truncate>
                <Text span ff="monospace" fz="xs">
                  {c.code}
                </Text>
                {c.brand ? ` · ${c.brand}` : ''} · {money(c.price, cargo.currency)}
              </Text>
            </Box>
            <Stack gap={2} align="flex-end">
              <Text fw={700}>
                {showReceived && c.receivedQuantity !== null ? `${c.receivedQuantity} / ${c.quantity}` : c.quantity}
              </Text>
              <DiffBadge sent={c.quantity} received={c.receivedQuantity} />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  else
    list = (
      <Table verticalSpacing="xs" aria-label={t('cargo.contents.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('cargo.fields.productName')}</Table.Th>
            <Table.Th>{t('cargo.fields.code')}</Table.Th>
            <Table.Th ta="right">{t('cargo.fields.price')}</Table.Th>
            <Table.Th ta="right">{t('cargo.fields.sent')}</Table.Th>
            {showReceived && <Table.Th ta="right">{t('cargo.fields.received')}</Table.Th>}
            {showReceived && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {win.data.items.map((c) => (
            <Table.Tr key={c.contentId}>
              <Table.Td>
                <Text fw={600}>{c.name}</Text>
                {c.brand && (
                  <Text fz="xs" c="dimmed">
                    {c.brand}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ff="monospace" fz="sm">
                {c.code}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(c.price, cargo.currency)}
                {c.priceConverted && (
                  <Text fz="xs" c="dimmed">
                    {t('cargo.contents.converted')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{c.quantity}</Table.Td>
              {showReceived && (
                <Table.Td ta="right" c={c.receivedQuantity === null ? 'dimmed' : undefined}>
                  {c.receivedQuantity ?? t('cargo.contents.notCounted')}
                </Table.Td>
              )}
              {showReceived && (
                <Table.Td>
                  <DiffBadge sent={c.quantity} received={c.receivedQuantity} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );

  return (
    <Paper withBorder radius="lg" p="md" style={{ opacity: win.isPlaceholderData ? 0.6 : 1 }}>
      <Title order={2} fz={18} mb="sm">
        {t('cargo.contents.title')}
      </Title>
      {list}
      <Pager page={page} pages={pages} onChange={setPage} compact={phone} mt="md" />
    </Paper>
  );
}
