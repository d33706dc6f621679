import { useCallback, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Container,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { Link, useNavigate, useParams, useSearchParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { CARGO_STATUSES, parseCargoQrLink, type Cargo, type CargoStatus } from '@shopdesk/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { CardList, EmptyCard, ListHeading, TableCard } from '../../../components/list-card.tsx';
import { Pager } from '../../../components/pager.tsx';
import { SearchInput } from '../../../components/search-input.tsx';
import { IconPlus, IconScan } from '../../../components/icons.tsx';
import { useWedgeScanner } from '../../../scanning/use-wedge-scanner.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { useCargoWindow } from '../api/search-cargos.ts';
import { useCargoAllowance } from '../api/subscription-status.ts';
import { useReceiveCargo } from '../api/transfer-cargo.ts';
import { CargoStatusBadge } from '../components/cargo-status-badge.tsx';
import { useFormatCargoMoney } from '../components/cargo-money.ts';
import { CargoError, LimitReached } from '../components/limit-notice.tsx';
import { ReceiveConfirmText } from '../components/receive-confirm-text.tsx';
import { ReceiveModal } from '../components/receive-modal.tsx';
import { paths } from '../../../lib/paths.ts';

const PAGE_SIZE = 20;
type Filter = 'ALL' | CargoStatus;

/**
 * /{store}/cargo/manage: the store's cargos, newest first, by status and search, a page at a
 * time. "Receive by QR" takes a cargo another store hands over; a hand-over link opened on this
 * device lands here with ?receive= and asks before receiving.
 */
export default function CargoListPage() {
  const { t } = useTranslation();
  const { store = '' } = useParams();
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 47.99em)');
  const money = useFormatCargoMoney();
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState<Filter>('ALL');
  const [q, setQ] = useState('');
  const [debouncedQ] = useDebouncedValue(q.trim(), 300);
  const [page, setPage] = useState(0);
  const [scanning, setScanning] = useState(false);
  const allowance = useCargoAllowance();
  const receive = useReceiveCargo(store);
  const token = params.get('receive');
  const cargos = useCargoWindow(store, page, PAGE_SIZE, {
    q: debouncedQ || undefined,
    status: filter === 'ALL' ? undefined : filter,
  });

  const askToReceive = useCallback(
    (value: string) => {
      setScanning(false);
      receive.reset();
      setParams(new URLSearchParams({ receive: value }), { replace: true });
    },
    [receive, setParams],
  );
  const closeReceive = () => {
    receive.reset();
    setParams(new URLSearchParams(), { replace: true });
  };
  // A 2D wedge scanner reading the QR works as well as the camera; any other scan searches.
  const onScan = useCallback(
    (code: string) => {
      const found = parseCargoQrLink(code);
      if (found) askToReceive(found);
      else {
        setQ(code);
        setPage(0);
      }
    },
    [askToReceive],
  );
  useWedgeScanner(onScan, { enabled: !scanning && token === null });

  const open = (c: Cargo) => navigate(paths.cargoDetail(store, c.code));
  const total = cargos.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const figures = (c: Cargo) =>
    t('cargo.list.figures', {
      lines: t('cargo.contents.lines', { count: c.itemCount }),
      items: t('cargo.contents.items', { count: c.totalQuantity }),
    });

  return (
    <Container size="lg" px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <ListHeading title={t('cargo.list.title')} count={cargos.data ? t('cargo.list.count', { count: total }) : null}>
          {/* On a phone the two share the row by their words' widths, so "Receive by QR" is not cut. */}
          <Group gap="xs" grow={phone} preventGrowOverflow={false} w={phone ? '100%' : undefined}>
            <Button variant="default" leftSection={<IconScan size={18} />} onClick={() => setScanning(true)}>
              {t('cargo.list.receive')}
            </Button>
            <Button
              leftSection={<IconPlus size={18} />}
              component={Link}
              to={paths.cargoNew(store)}
              disabled={allowance.atLimit}
              onClick={(e) => {
                if (allowance.atLimit) e.preventDefault();
              }}
            >
              {t('cargo.list.new')}
            </Button>
          </Group>
        </ListHeading>
        {allowance.atLimit ? (
          <LimitReached store={store} />
        ) : (
          allowance.left !== null && (
            <Text fz="sm" c="dimmed" ta={phone ? undefined : 'right'}>
              {t('cargo.limit.left', { count: allowance.left })}
            </Text>
          )
        )}
        <Group gap="sm" align="flex-start">
          <SearchInput
            label={t('cargo.list.search')}
            placeholder={t('cargo.list.searchPlaceholder')}
            value={q}
            onChange={(value) => {
              setQ(value);
              setPage(0);
            }}
            fullRow={phone}
          />
          <SegmentedControl
            value={filter}
            onChange={(v) => {
              setFilter(v as Filter);
              setPage(0);
            }}
            data={(['ALL', ...CARGO_STATUSES] as Filter[]).map((s) => ({
              value: s,
              label: s === 'ALL' ? t('cargo.list.all') : t(`cargo.status.${s}`),
            }))}
            aria-label={t('cargo.list.filter')}
            fullWidth={phone}
            style={phone ? { flex: '1 1 100%' } : undefined}
            size={phone ? 'xs' : 'sm'}
          />
        </Group>
        {cargos.isError && (
          <Alert color="red" role="alert">
            {describeError(t, cargos.error)}
          </Alert>
        )}
        {cargos.isPending && <Skeleton h={280} radius="lg" />}
        {cargos.data && cargos.data.items.length === 0 && (
          <EmptyCard>
            <Text c="dimmed">{debouncedQ ? t('cargo.list.noMatch', { q: debouncedQ }) : t('cargo.list.empty')}</Text>
          </EmptyCard>
        )}
        {cargos.data &&
          cargos.data.items.length > 0 &&
          (phone ? (
            <CardList
              items={cargos.data.items}
              keyOf={(c) => c.id}
              label={t('cargo.list.title')}
              stale={cargos.isPlaceholderData}
            >
              {(c) => (
                <UnstyledButton onClick={() => open(c)} px="md" py="sm" w="100%" aria-label={c.name}>
                  <Group wrap="nowrap" gap="sm" align="flex-start">
                    <Box style={{ flex: 1, minWidth: 0 }}>
                      <Text fw={600} truncate>
                        {c.name}
                      </Text>
                      <Text fz="xs" c="dimmed" truncate>
                        <Text span ff="monospace" fz="xs">
                          {c.code}
                        </Text>
                        {c.origin ? ` · ${c.origin}` : ''}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {figures(c)}
                      </Text>
                    </Box>
                    <Stack gap={4} align="flex-end">
                      <CargoStatusBadge status={c.status} />
                      <Text fw={700} fz="sm">
                        {money(c.totalValue, c.currency)}
                      </Text>
                    </Stack>
                  </Group>
                </UnstyledButton>
              )}
            </CardList>
          ) : (
            <TableCard stale={cargos.isPlaceholderData}>
              <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label={t('cargo.list.title')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('cargo.fields.name')}</Table.Th>
                    <Table.Th>{t('cargo.fields.origin')}</Table.Th>
                    <Table.Th>{t('cargo.fields.status')}</Table.Th>
                    <Table.Th ta="right">{t('cargo.fields.lines')}</Table.Th>
                    <Table.Th ta="right">{t('cargo.fields.totalQuantity')}</Table.Th>
                    <Table.Th ta="right">{t('cargo.fields.totalValue')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {cargos.data.items.map((c) => (
                    <Table.Tr key={c.id} onClick={() => open(c)} style={{ cursor: 'pointer' }}>
                      <Table.Td>
                        <Text
                          component={Link}
                          to={paths.cargoDetail(store, c.code)}
                          fw={600}
                          c="inherit"
                          style={{ textDecoration: 'none' }}
                        >
                          {c.name}
                        </Text>
                        <Text fz="xs" c="dimmed" ff="monospace">
                          {c.code}
                        </Text>
                      </Table.Td>
                      <Table.Td c="dimmed">
                        {c.transferredFrom ? `${c.origin || ''} ← ${c.transferredFrom}` : c.origin}
                      </Table.Td>
                      <Table.Td>
                        <CargoStatusBadge status={c.status} />
                      </Table.Td>
                      <Table.Td ta="right">{c.itemCount}</Table.Td>
                      <Table.Td ta="right">{c.totalQuantity}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {money(c.totalValue, c.currency)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableCard>
          ))}
        <Pager page={page} pages={pages} onChange={setPage} compact={phone} />
      </Stack>
      <ReceiveModal opened={scanning} onClose={() => setScanning(false)} onToken={askToReceive} />
      <ConfirmDialog
        opened={token !== null}
        title={t('cargo.receive.confirmTitle')}
        message={<ReceiveConfirmText store={store} token={token} />}
        confirmLabel={t('cargo.receive.confirm')}
        busy={receive.isPending}
        onCancel={closeReceive}
        onConfirm={() =>
          token &&
          receive.mutate(token, {
            onSuccess: (cargo) => navigate(paths.cargoDetail(store, cargo.code), { replace: true }),
          })
        }
      >
        {receive.error && <CargoError store={store} error={receive.error} />}
      </ConfirmDialog>
    </Container>
  );
}
