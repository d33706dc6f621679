import { useCallback, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Container,
  Group,
  Menu,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '../../../lib/notifications.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { PRODUCT_SORTS, type Item, type Product } from '@shopdesk/shared';
import { describeError } from '../../../lib/describe-error.ts';
import { formatMain, useStoreMoney } from '../../../lib/store-money.ts';
import { CardList, EmptyCard, ListHeading, TableCard } from '../../../components/list-card.tsx';
import { Pager } from '../../../components/pager.tsx';
import { SearchInput } from '../../../components/search-input.tsx';
import { QuantityBadge } from '../../../components/quantity-badge.tsx';
import { useWedgeScanner } from '../../../scanning/use-wedge-scanner.ts';
import {
  IconChevronRight,
  IconAlert,
  IconDownload,
  IconPlus,
  IconPrinter,
  IconScan,
  IconUpload,
} from '../../../components/icons.tsx';
import { LabelSheetModal } from '../../../printing/labels/label-sheet-modal.tsx';
import { labelContentOf, type LabelContent, type LabelRun } from '../../../printing/labels/label-layout.ts';
import { useProductWindow, type ProductSort } from '../api/search-products.ts';
import { useItemWindow, type ItemSort } from '../api/search-items.ts';
import { ItemCards, ItemTable } from '../components/item-rows.tsx';
import { itemLabelRuns } from '../items/item-labels.ts';
import { productQuery } from '../api/get-product.ts';
import { useExportCsv } from '../api/export-csv.ts';
import { ImportDialog } from '../components/import-dialog.tsx';
import { paths } from '../../../lib/paths.ts';
import { usePermission } from '../../../lib/store-rights.ts';

const PAGE_SIZE = 25;
/** The sorts the folded list (items) takes; the others sort variants, so they show every variant. */
const ITEM_SORTS: readonly ItemSort[] = ['name', '-name', '-updatedAt'];
const isItemSort = (s: ProductSort): s is ItemSort => (ITEM_SORTS as readonly string[]).includes(s);

/** At or below its reorder level: time to order more. */
const isLow = (p: Product) => p.reorderLevel !== null && p.quantity <= p.reorderLevel;

/**
 * /{store}/stock/list (?lowStock=true for the low-stock filter, ?view=variants for every variant):
 * server-side search, sort and paging, so 100k products stay quick. By default variants fold under
 * their item (the item window); "All variants" is the product window as before, and is what the
 * low-stock filter and the price, stock and barcode sorts show (they are about variants). A scan
 * opens the product, or searches for the code.
 */
export default function ProductListPage() {
  const { t } = useTranslation();
  const { store = '' } = useParams();
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 47.99em)');
  // One set of props for the folded list: cards on a phone, a table on a desktop.
  const ItemRows = phone ? ItemCards : ItemTable;
  const money = useStoreMoney();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const lowStock = params.get('lowStock') === 'true';
  const [sort, setSort] = useState<ProductSort>('name');
  // Folded by item unless asked for every variant, or filtered or sorted by what only variants have.
  const folded = params.get('view') !== 'variants' && !lowStock && isItemSort(sort);
  const [opened, setOpened] = useState<Set<string>>(new Set());
  const [labels, setLabels] = useState<LabelRun[] | null>(null);
  const [q, setQ] = useState('');
  /** The last scanned code that this store lacks: the empty result offers to create it. */
  const [scanned, setScanned] = useState<string | null>(null);
  const [debouncedQ] = useDebouncedValue(q.trim(), 300);
  const [page, setPage] = useState(0);
  const [importing, setImporting] = useState(false);
  const editing = usePermission('PRODUCTS');
  const [label, setLabel] = useState<LabelContent | null>(null);
  const products = useProductWindow(
    store,
    page,
    PAGE_SIZE,
    { q: debouncedQ || undefined, sort, lowStock: lowStock || undefined },
    !folded,
  );
  const items = useItemWindow(
    store,
    page,
    PAGE_SIZE,
    { q: debouncedQ || undefined, sort: isItemSort(sort) ? sort : undefined },
    folded,
  );
  const shown = folded ? items : products;
  const setView = (view: string) => {
    const next = new URLSearchParams(params);
    if (view === 'variants') next.set('view', 'variants');
    else {
      next.delete('view');
      next.delete('lowStock');
      if (!isItemSort(sort)) setSort('name');
    }
    setParams(next, { replace: true });
    setPage(0);
  };
  const setLowStock = (on: boolean) => {
    const next = new URLSearchParams(params);
    if (on) next.set('lowStock', 'true');
    else next.delete('lowStock');
    setParams(next, { replace: true });
    setPage(0);
  };

  // A scan, whatever has focus (the search box too): open the product, or search for the code.
  const onScan = useCallback(
    async (code: string) => {
      const product = await queryClient.fetchQuery(productQuery(store, code)).catch(() => null);
      if (product) {
        navigate(paths.stockScan(store, product.code));
        return;
      }
      setQ(code);
      setScanned(code);
      setPage(0);
    },
    [navigate, queryClient, store],
  );
  useWedgeScanner(onScan, { enabled: !importing && label === null && labels === null });
  const exportCsv = useExportCsv(store);
  const open = (p: Product) => navigate(paths.stockScan(store, p.code));
  const labelOf = (p: Product): LabelContent => labelContentOf(p, (minor) => formatMain(money, minor));
  const total = shown.data?.total ?? 0;
  const printOne = (code: string) =>
    void queryClient
      .fetchQuery(productQuery(store, code))
      .then((p) => p && setLabel(labelOf(p)))
      .catch((e: unknown) => notifications.show({ color: 'red', message: describeError(t, e) }));
  const printItem = (item: Item) => setLabels(itemLabelRuns(item, (minor) => formatMain(money, minor)));
  const toggle = (id: string) =>
    setOpened((old) => {
      const next = new Set(old);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const isEmpty = shown.data?.items.length === 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const lowBadge = (p: Product) =>
    isLow(p) && (
      <Badge color="orange" variant="light" tt="none" aria-label={t('lowStock.badgeLabel', { level: p.reorderLevel })}>
        {t('lowStock.badge')}
      </Badge>
    );

  const printButton = (p: Product) => (
    <ActionIcon
      variant="subtle"
      size={44}
      onClick={(e) => {
        e.stopPropagation();
        setLabel(labelOf(p));
      }}
      aria-label={t('labels.printLabelFor', { name: p.name })}
    >
      <IconPrinter size={20} />
    </ActionIcon>
  );

  return (
    <Container size="lg" px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <ListHeading
          title={t('productList.title')}
          count={shown.data ? t('productList.count', { count: total }) : null}
        >
          <Group gap="xs" grow={phone} w={phone ? '100%' : undefined}>
            {/* Three buttons share a phone's width: narrow padding keeps "スキャン" whole. */}
            <Button
              variant="default"
              leftSection={<IconScan size={18} />}
              component={Link}
              to={paths.stockScan(store)}
              px={phone ? 6 : undefined}
            >
              {t('productList.scan')}
            </Button>
            {editing.allowed && (
              <Menu position="bottom-end">
                <Menu.Target>
                  <Button variant="default" leftSection={<IconDownload size={18} />} px={phone ? 6 : undefined}>
                    {t('productList.csv')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item
                    leftSection={<IconDownload size={16} />}
                    onClick={() =>
                      exportCsv.mutate(undefined, {
                        onError: (e) => notifications.show({ color: 'red', message: describeError(t, e) }),
                      })
                    }
                  >
                    {t('productList.export')}
                  </Menu.Item>
                  <Menu.Item leftSection={<IconUpload size={16} />} onClick={() => setImporting(true)}>
                    {t('productList.import')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            )}
            {editing.allowed && !phone && (
              <Button variant="light" leftSection={<IconPlus size={18} />} component={Link} to={paths.itemNew(store)}>
                {t('items.list.newItem')}
              </Button>
            )}
            {editing.allowed && (
              <Button
                leftSection={<IconPlus size={18} />}
                component={Link}
                to={paths.stockNew(store)}
                px={phone ? 6 : undefined}
              >
                {phone ? t('productList.add') : t('productList.new')}
              </Button>
            )}
          </Group>
        </ListHeading>
        {/* A phone's heading has room for three buttons: the item with variants gets a line of its own. */}
        {editing.allowed && phone && (
          <Button variant="light" leftSection={<IconPlus size={18} />} component={Link} to={paths.itemNew(store)}>
            {t('items.list.newItem')}
          </Button>
        )}
        {/* Adding, importing and exporting are hidden: the reason says who can. */}
        {!editing.allowed && (
          <Text size="sm" c="dimmed">
            {editing.reason}
          </Text>
        )}
        <SegmentedControl
          value={folded ? 'items' : 'variants'}
          onChange={setView}
          data={[
            { value: 'items', label: t('items.list.viewItems') },
            { value: 'variants', label: t('items.list.viewVariants') },
          ]}
          aria-label={t('items.list.view')}
          fullWidth={phone}
          style={phone ? undefined : { alignSelf: 'flex-start' }}
        />
        {!folded && params.get('view') !== 'variants' && (
          <Text fz="sm" c="dimmed">
            {lowStock ? t('items.list.lowShowsVariants') : t('items.list.sortShowsVariants')}
          </Text>
        )}
        <Group gap="sm">
          <SearchInput
            label={t('productList.search')}
            placeholder={t('productList.searchPlaceholder')}
            value={q}
            onChange={(value) => {
              setQ(value);
              setPage(0);
            }}
            fullRow={phone}
          />
          {/* On a phone, sort and the low-stock filter share the second line: the filter at its own
              width, the sort the rest, so its longer choices ("Recently edited") are not cut. */}
          <Group gap="sm" wrap="nowrap" style={phone ? { flex: '1 1 100%' } : undefined}>
            <Select
              aria-label={t('productList.sort')}
              value={sort}
              onChange={(s) => {
                if (s) {
                  setSort(s as ProductSort);
                  setPage(0);
                }
              }}
              data={PRODUCT_SORTS.map((s) => ({ value: s, label: t(`productList.sorts.${s}`) }))}
              allowDeselect={false}
              w={phone ? undefined : 210}
              rightSectionWidth={phone ? 28 : undefined}
              style={phone ? { flex: 1, minWidth: 0 } : undefined}
            />
            <Button
              variant={lowStock ? 'filled' : 'default'}
              color={lowStock ? 'orange' : undefined}
              leftSection={<IconAlert size={18} />}
              aria-pressed={lowStock}
              onClick={() => setLowStock(!lowStock)}
              px={phone ? 'sm' : undefined}
              style={phone ? { flex: '0 0 auto' } : undefined}
            >
              {t('lowStock.filter')}
            </Button>
          </Group>
        </Group>
        {shown.isError && (
          <Alert color="red" role="alert">
            {describeError(t, shown.error)}
          </Alert>
        )}
        {shown.isPending && <Skeleton h={320} radius="lg" />}
        {isEmpty && (
          <EmptyCard>
            <Stack gap="sm" align="center">
              <Text c="dimmed">
                {lowStock
                  ? debouncedQ
                    ? t('lowStock.noMatch', { q: debouncedQ })
                    : t('lowStock.empty')
                  : debouncedQ
                    ? t('productList.noMatch', { q: debouncedQ })
                    : t('productList.empty')}
              </Text>
              {lowStock && !debouncedQ && (
                <Text c="dimmed" fz="sm">
                  {t('lowStock.emptyHint')}
                </Text>
              )}
              {scanned !== null && scanned === debouncedQ && (
                <Button
                  component={Link}
                  to={paths.stockNew(store, new URLSearchParams({ code: scanned }))}
                  leftSection={<IconPlus size={18} />}
                >
                  {t('scan.create')}
                </Button>
              )}
            </Stack>
          </EmptyCard>
        )}
        {folded && items.data && items.data.items.length > 0 && (
          <ItemRows
            store={store}
            items={items.data.items}
            stale={items.isPlaceholderData}
            opened={opened}
            onToggle={toggle}
            onOpenProduct={(code) => navigate(paths.stockScan(store, code))}
            onPrintProduct={(p) => setLabel(labelOf(p))}
            onPrintOne={printOne}
            onPrintItem={printItem}
            canEdit={editing.allowed}
          />
        )}
        {!folded &&
          products.data &&
          products.data.items.length > 0 &&
          (phone ? (
            <CardList
              items={products.data.items}
              keyOf={(p) => p.id}
              label={t('productList.title')}
              stale={products.isPlaceholderData}
            >
              {(p) => (
                <Group wrap="nowrap" gap={4} pr={4}>
                  <UnstyledButton onClick={() => open(p)} px="md" py="sm" style={{ flex: 1, minWidth: 0 }}>
                    <Group wrap="nowrap" gap="sm">
                      <Box style={{ flex: 1, minWidth: 0 }}>
                        <Text fw={600} truncate>
                          {p.name}
                        </Text>
                        <Text fz="xs" c="dimmed" truncate>
                          <Text span ff="monospace" fz="xs">
                            {p.code}
                          </Text>
                          {p.brand ? ` · ${p.brand}` : ''}
                        </Text>
                      </Box>
                      <Stack gap={2} align="flex-end">
                        <Text fw={700} fz="sm">
                          {formatMain(money, p.price)}
                        </Text>
                        <Group gap={4} wrap="nowrap">
                          {lowBadge(p)}
                          <QuantityBadge quantity={p.quantity} unit={p.unit} />
                        </Group>
                      </Stack>
                    </Group>
                  </UnstyledButton>
                  {printButton(p)}
                </Group>
              )}
            </CardList>
          ) : (
            <TableCard stale={products.isPlaceholderData}>
              <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('fields.barcode')}</Table.Th>
                    <Table.Th>{t('fields.productName')}</Table.Th>
                    <Table.Th>{t('fields.brand')}</Table.Th>
                    <Table.Th>{t('fields.category')}</Table.Th>
                    <Table.Th ta="right">{t('fields.price')}</Table.Th>
                    <Table.Th ta="right">{t('productList.quantity')}</Table.Th>
                    <Table.Th w={96} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {products.data.items.map((p) => (
                    <Table.Tr key={p.id} onClick={() => open(p)} style={{ cursor: 'pointer' }}>
                      <Table.Td ff="monospace" fz="sm">
                        {p.code}
                      </Table.Td>
                      <Table.Td fw={600}>{p.name}</Table.Td>
                      <Table.Td c="dimmed">{p.brand}</Table.Td>
                      <Table.Td c="dimmed">{p.category}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatMain(money, p.price)}
                      </Table.Td>
                      <Table.Td ta="right">
                        <Group gap={4} wrap="nowrap" justify="flex-end">
                          {lowBadge(p)}
                          <QuantityBadge quantity={p.quantity} unit={p.unit} />
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={0} wrap="nowrap" justify="flex-end">
                          {printButton(p)}
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            size={44}
                            component={Link}
                            to={paths.stockScan(store, p.code)}
                            aria-label={t('productList.open', { name: p.name })}
                            onClick={(e) => e.stopPropagation()}
                          >
                            <IconChevronRight size={18} />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableCard>
          ))}
        <Pager page={page} pages={pages} onChange={setPage} compact={phone} />
      </Stack>
      <ImportDialog store={store} opened={importing} onClose={() => setImporting(false)} />
      <LabelSheetModal content={label} onClose={() => setLabel(null)} />
      <LabelSheetModal runs={labels} onClose={() => setLabels(null)} />
    </Container>
  );
}
