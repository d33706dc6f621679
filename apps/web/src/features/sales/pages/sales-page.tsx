import { Alert, Button, Container, Drawer, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useNavigate, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { paths } from '../../../lib/paths.ts';
import { IconBack, IconCash } from '../../../components/icons.tsx';
import { EmptyCard, ListHeading } from '../../../components/list-card.tsx';
import { Pager } from '../../../components/pager.tsx';
import { useOnline } from '../../../lib/connectivity.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { useParkedCarts } from '../api/list-parked.ts';
import { useTransactionWindow } from '../api/list-transactions.ts';
import { HeldCarts } from '../components/held-carts.tsx';
import { SalesFilters } from '../components/sales-filters.tsx';
import { SalesRows } from '../components/sales-rows.tsx';
import { TransactionDetail } from '../components/transaction-detail.tsx';
import { useListState } from '../components/use-list-state.ts';
import { monthLabel } from '../model/month.ts';
import { usePermission } from '../../../lib/store-rights.ts';
import { isTill, useTill } from '../../../lib/till/till-state.ts';
import { useSession } from '../../../lib/session-store.ts';

const PAGE_SIZE = 20;

/**
 * /{store}/shop/list/{code?}: the store's sales by month or date range, filtered and paged by the
 * server, and one sale's detail with its refunds — over the list in a drawer on a wide screen,
 * as its own screen on a phone.
 */
export default function SalesPage() {
  const { t, i18n } = useTranslation();
  const { store = '', code } = useParams();
  const navigate = useNavigate();
  // Read at once, not after a first paint: a phone must never flash the drawer before its own screen.
  const phone = useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const online = useOnline();
  const list = useListState();
  const { state, update, search } = list;
  const sales = useTransactionWindow(store, {
    range: state.range,
    status: state.status,
    method: state.method,
    member: state.member,
    q: state.q || undefined,
    page: state.page,
    size: PAGE_SIZE,
  });
  const parked = useParkedCarts(store);
  // Without REPORTS the server lists only the member's own sales (modules/shop transaction-lists).
  const reports = usePermission('REPORTS');
  const onTill = useTill(isTill);
  const shiftsOn = useSession((s) => s.virtualStore?.shiftsEnabled === true);
  const suffix = search ? `?${search}` : '';
  const openSale = (c: string) => navigate(paths.shopList(store, c) + suffix);
  const backToList = () => navigate(paths.shopList(store) + suffix);

  if (phone && code) {
    return (
      <Container size={640} px="md" py="md">
        <Stack gap="md">
          <Button
            variant="subtle"
            leftSection={<IconBack size={18} />}
            component={Link}
            to={paths.shopList(store) + suffix}
            w="fit-content"
            px={4}
          >
            {t('sales.backToList')}
          </Button>
          <TransactionDetail store={store} code={code} />
        </Stack>
      </Container>
    );
  }

  // Offline, another month or filter cannot load: the last answer must not pose as its result.
  const paused = sales.fetchStatus === 'paused';
  const data = sales.isPlaceholderData && (paused || !online) ? undefined : sales.data;
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const period =
    state.mode === 'month'
      ? monthLabel(state.month, i18n.language)
      : t('sales.rangeLabel', { from: state.from, to: state.to });
  const filtered = Boolean(state.status || state.method || state.member || state.q);
  const waiting = !data && (!online || paused);

  return (
    <Container size="lg" px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <ListHeading
          title={t('sales.title')}
          count={data ? t('sales.count', { count: total, period }) : null}
          countTestId="sales-count"
        >
          <Button component={Link} to={paths.shopCounter(store)} leftSection={<IconCash size={18} />} variant="default">
            {t('sales.toCounter')}
          </Button>
        </ListHeading>
        {/* A till reads no list of the store's people: its member filter is not offered there. */}
        <SalesFilters store={store} list={list} phone={phone} byMember={reports.allowed && !onTill} />
        {!reports.allowed && (
          <Text size="sm" c="dimmed">
            {t(shiftsOn ? 'rights.ownSalesOnly' : 'rights.ownSalesToday', {
              permission: t('rights.permission.REPORTS'),
            })}
          </Text>
        )}
        {state.status !== 'PARKED' && parked.data && (
          <HeldCarts store={store} carts={parked.data} onShowAll={() => update({ status: 'PARKED' })} />
        )}
        {sales.isError && !sales.data && (
          <Alert color="red" role="alert">
            {describeError(t, sales.error)}
          </Alert>
        )}
        {waiting && (
          <EmptyCard role="status">
            <Text fw={600}>{t('sales.offlineTitle')}</Text>
            <Text c="dimmed" fz="sm" mt={4}>
              {t('sales.offlineText')}
            </Text>
          </EmptyCard>
        )}
        {sales.isPending && !waiting && !sales.isError && <Skeleton h={320} radius="lg" />}
        {data && data.items.length === 0 && (
          <EmptyCard>
            <Stack gap="sm" align="center">
              <Text c="dimmed">
                {state.status === 'PARKED'
                  ? t('sales.noHeld', { period })
                  : filtered
                    ? t('sales.noMatch', { period })
                    : t('sales.empty', { period })}
              </Text>
              {filtered ? (
                <Button variant="default" onClick={() => update({ status: '', method: '', member: '', q: '' })}>
                  {t('sales.clearFilters')}
                </Button>
              ) : (
                <Button component={Link} to={paths.shopCounter(store)} leftSection={<IconCash size={18} />}>
                  {t('sales.toCounter')}
                </Button>
              )}
            </Stack>
          </EmptyCard>
        )}
        {data && data.items.length > 0 && (
          <SalesRows
            store={store}
            items={data.items}
            phone={phone}
            selected={code}
            stale={sales.isPlaceholderData}
            onOpen={openSale}
          />
        )}
        <Pager page={state.page} pages={pages} onChange={(p) => update({ page: String(p) })} compact={phone} />
      </Stack>
      <Drawer
        opened={Boolean(code) && !phone}
        onClose={backToList}
        position="right"
        size={560}
        title={t('sales.detailTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        styles={{ title: { fontWeight: 700 } }}
      >
        {code && <TransactionDetail store={store} code={code} />}
      </Drawer>
    </Container>
  );
}
