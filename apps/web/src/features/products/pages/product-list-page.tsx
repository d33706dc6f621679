import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Container,
  Group,
  Menu,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_SORTS, type Product } from '@shopdesk/shared';
import { describeError } from '../../../lib/describe-error.ts';
import { formatMain, useStoreMoney } from '../../../lib/store-money.ts';
import { QuantityBadge } from '../../../components/quantity-badge.tsx';
import {
  IconChevronRight,
  IconDownload,
  IconPlus,
  IconPrinter,
  IconScan,
  IconSearch,
  IconUpload,
} from '../../../components/icons.tsx';
import { LabelSheetModal } from '../../../printing/labels/label-sheet-modal.tsx';
import type { LabelContent } from '../../../printing/labels/label-layout.ts';
import { useProductWindow, type ProductSort } from '../api/search-products.ts';
import { useExportCsv } from '../api/export-csv.ts';
import { ImportDialog } from '../components/import-dialog.tsx';
import { paths } from '../../../app/paths.ts';

const PAGE_SIZE = 25;

/** /{store}/stock/list: server-side search, sort and paging, so 100k products stay quick. */
export default function ProductListPage() {
  const { t } = useTranslation();
  const { store = '' } = useParams();
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 47.99em)');
  const money = useStoreMoney();
  const [q, setQ] = useState('');
  const [debouncedQ] = useDebouncedValue(q.trim(), 300);
  const [sort, setSort] = useState<ProductSort>('name');
  const [page, setPage] = useState(0);
  const [importing, setImporting] = useState(false);
  const [label, setLabel] = useState<LabelContent | null>(null);
  const products = useProductWindow(store, page, PAGE_SIZE, { q: debouncedQ || undefined, sort });
  const exportCsv = useExportCsv(store);
  const open = (p: Product) => navigate(paths.stockScan(store, p.code));
  const labelOf = (p: Product): LabelContent => ({
    code: p.code,
    name: p.name,
    brand: p.brand,
    price: formatMain(money, p.price),
  });
  const total = products.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const printButton = (p: Product) => (
    <ActionIcon
      variant="subtle"
      size={40}
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
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={1} fz={24}>
              {t('productList.title')}
            </Title>
            <Text c="dimmed" mt={4} aria-live="polite">
              {products.data ? t('productList.count', { count: total }) : '\u00a0'}
            </Text>
          </div>
          <Group gap="xs" grow={phone} w={phone ? '100%' : undefined}>
            <Button variant="default" leftSection={<IconScan size={18} />} component={Link} to={paths.stockScan(store)}>
              {t('productList.scan')}
            </Button>
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="default" leftSection={<IconDownload size={18} />}>
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
            <Button
              leftSection={<IconPlus size={18} />}
              component={Link}
              to={paths.stockNew(store)}
              px={phone ? 'xs' : undefined}
            >
              {phone ? t('productList.add') : t('productList.new')}
            </Button>
          </Group>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <TextInput
            type="search"
            aria-label={t('productList.search')}
            placeholder={t('productList.searchPlaceholder')}
            leftSection={<IconSearch size={18} />}
            value={q}
            onChange={(e) => {
              setQ(e.currentTarget.value);
              setPage(0);
            }}
            style={{ flex: 1 }}
          />
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
            w={phone ? 144 : 210}
          />
        </Group>
        {products.isError && (
          <Alert color="red" role="alert">
            {describeError(t, products.error)}
          </Alert>
        )}
        {products.isPending && <Skeleton h={320} radius="lg" />}
        {products.data && products.data.items.length === 0 && (
          <Paper withBorder radius="lg" p="xl" ta="center">
            <Text c="dimmed">{debouncedQ ? t('productList.noMatch', { q: debouncedQ }) : t('productList.empty')}</Text>
          </Paper>
        )}
        {products.data &&
          products.data.items.length > 0 &&
          (phone ? (
            <Paper
              withBorder
              radius="lg"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none', overflow: 'hidden', opacity: products.isPlaceholderData ? 0.6 : 1 }}
              aria-label={t('productList.title')}
            >
              {products.data.items.map((p, i) => (
                <Box
                  component="li"
                  key={p.id}
                  style={{ borderTop: i ? '1px solid var(--mantine-color-default-border)' : undefined }}
                >
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
                          <QuantityBadge quantity={p.quantity} />
                        </Stack>
                      </Group>
                    </UnstyledButton>
                    {printButton(p)}
                  </Group>
                </Box>
              ))}
            </Paper>
          ) : (
            <Paper withBorder radius="lg" style={{ overflow: 'hidden', opacity: products.isPlaceholderData ? 0.6 : 1 }}>
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
                        <QuantityBadge quantity={p.quantity} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={0} wrap="nowrap" justify="flex-end">
                          {printButton(p)}
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            size={40}
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
            </Paper>
          ))}
        {pages > 1 && (
          <Group justify="center">
            <Pagination
              total={pages}
              value={page + 1}
              onChange={(p) => setPage(p - 1)}
              siblings={phone ? 0 : 1}
              boundaries={1}
              getControlProps={(c) => ({ 'aria-label': t(`productList.pager.${c}`) })}
            />
          </Group>
        )}
      </Stack>
      <ImportDialog store={store} opened={importing} onClose={() => setImporting(false)} />
      <LabelSheetModal content={label} onClose={() => setLabel(null)} />
    </Container>
  );
}
