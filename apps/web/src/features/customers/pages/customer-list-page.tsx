import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Container,
  Group,
  Menu,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import type { Customer } from '@shopdesk/shared';
import { notifications } from '../../../lib/notifications.ts';
import { Link, useNavigate, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { formatMain, useStoreMoney } from '../../../lib/store-money.ts';
import { paths } from '../../../lib/paths.ts';
import { CardList, EmptyCard, ListHeading, TableCard } from '../../../components/list-card.tsx';
import { Pager } from '../../../components/pager.tsx';
import { SearchInput } from '../../../components/search-input.tsx';
import { IconDownload, IconPlus, IconUpload } from '../../../components/icons.tsx';
import { CUSTOMER_SORTS, useCustomerWindow, type CustomerSort } from '../api/search-customers.ts';
import { useExportCustomers } from '../api/export-csv.ts';
import { CustomerImportDialog } from '../components/customer-import-dialog.tsx';
import { contactLine, displayName } from '../lib/customer-text.ts';
import { useCustomerFormat } from '../lib/use-customer-format.ts';

const PAGE_SIZE = 25;

/**
 * /{store}/shop/customers: the store's customers, searched, sorted and paged by the server (name,
 * furigana in either kana, phone digits, member code), so 100k customers stay quick.
 */
export default function CustomerListPage() {
  const { t } = useTranslation();
  const { store = '' } = useParams();
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 47.99em)');
  const money = useStoreMoney();
  const fmt = useCustomerFormat();
  const [q, setQ] = useState('');
  const [debouncedQ] = useDebouncedValue(q.trim(), 300);
  const [sort, setSort] = useState<CustomerSort>('name');
  const [page, setPage] = useState(0);
  const [importing, setImporting] = useState(false);
  const customers = useCustomerWindow(store, page, PAGE_SIZE, { q: debouncedQ || undefined, sort });
  const exportCsv = useExportCustomers(store);
  const total = customers.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const open = (c: Customer) => navigate(paths.customerPage(store, c.id));
  const lastVisit = (c: Customer) => (c.lastVisitAt ? fmt.date(c.lastVisitAt) : t('customers.never'));

  return (
    <Container size="lg" px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <ListHeading
          title={t('customers.title')}
          count={customers.data ? t('customers.count', { count: total }) : null}
        >
          <Group gap="xs" grow={phone} w={phone ? '100%' : undefined}>
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="default" leftSection={<IconDownload size={18} />} px={phone ? 6 : undefined}>
                  {t('customers.csv')}
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
                  {t('customers.export')}
                </Menu.Item>
                <Menu.Item leftSection={<IconUpload size={16} />} onClick={() => setImporting(true)}>
                  {t('customers.import')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <Button
              leftSection={<IconPlus size={18} />}
              component={Link}
              to={paths.customerNew(store)}
              aria-label={t('customers.new')}
              px={phone ? 6 : undefined}
            >
              {phone ? t('customers.add') : t('customers.new')}
            </Button>
          </Group>
        </ListHeading>
        <Group gap="sm">
          <SearchInput
            label={t('customers.search')}
            placeholder={t('customers.searchPlaceholder')}
            value={q}
            onChange={(value) => {
              setQ(value);
              setPage(0);
            }}
            fullRow={phone}
          />
          <Select
            aria-label={t('customers.sort')}
            value={sort}
            onChange={(s) => {
              if (s) {
                setSort(s as CustomerSort);
                setPage(0);
              }
            }}
            data={CUSTOMER_SORTS.map((s) => ({ value: s, label: t(`customers.sorts.${s}`) }))}
            allowDeselect={false}
            w={phone ? undefined : 220}
            style={phone ? { flex: '1 1 100%' } : undefined}
          />
        </Group>
        {customers.isError && (
          <Alert color="red" role="alert">
            {describeError(t, customers.error)}
          </Alert>
        )}
        {customers.isPending && <Skeleton h={320} radius="lg" />}
        {customers.data && customers.data.items.length === 0 && (
          <EmptyCard role="status">
            <Stack gap="sm" align="center">
              <Text c="dimmed">{debouncedQ ? t('customers.noMatch', { q: debouncedQ }) : t('customers.empty')}</Text>
              {!debouncedQ && (
                <Text c="dimmed" fz="sm">
                  {t('customers.emptyHint')}
                </Text>
              )}
            </Stack>
          </EmptyCard>
        )}
        {customers.data &&
          customers.data.items.length > 0 &&
          (phone ? (
            <CardList
              items={customers.data.items}
              keyOf={(c) => c.id}
              label={t('customers.title')}
              stale={customers.isPlaceholderData}
              rowTestId="customer-row"
            >
              {(c) => (
                <UnstyledButton onClick={() => open(c)} px="md" py="sm" w="100%" aria-label={displayName(t, c)}>
                  <Group wrap="nowrap" gap="sm">
                    <Box style={{ flex: 1, minWidth: 0 }}>
                      <Text fw={600} truncate>
                        {displayName(t, c)}
                      </Text>
                      <Text fz="xs" c="dimmed" truncate>
                        {contactLine(c) || c.code}
                      </Text>
                    </Box>
                    <Stack gap={2} align="flex-end">
                      <Text fw={700} fz="sm" style={{ whiteSpace: 'nowrap' }}>
                        {formatMain(money, c.totalSpent)}
                      </Text>
                      <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {t('customers.pointsShort', { count: c.pointsBalance })}
                      </Text>
                    </Stack>
                  </Group>
                </UnstyledButton>
              )}
            </CardList>
          ) : (
            <TableCard stale={customers.isPlaceholderData}>
              <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('customers.fields.name')}</Table.Th>
                    <Table.Th>{t('customers.fields.phone')}</Table.Th>
                    <Table.Th>{t('customers.fields.code')}</Table.Th>
                    <Table.Th>{t('customers.fields.lastVisit')}</Table.Th>
                    <Table.Th ta="right">{t('customers.fields.visits')}</Table.Th>
                    <Table.Th ta="right">{t('customers.fields.totalSpent')}</Table.Th>
                    <Table.Th ta="right">{t('customers.fields.points')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {customers.data.items.map((c) => (
                    <Table.Tr
                      key={c.id}
                      onClick={() => open(c)}
                      style={{ cursor: 'pointer' }}
                      data-testid="customer-row"
                    >
                      <Table.Td>
                        <Link to={paths.customerPage(store, c.id)} style={{ color: 'inherit', textDecoration: 'none' }}>
                          <Text fw={600} span>
                            {displayName(t, c)}
                          </Text>
                        </Link>
                        {c.nameKana && (
                          <Text fz="xs" c="dimmed">
                            {c.nameKana}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {c.phone}
                      </Table.Td>
                      <Table.Td ff="monospace" fz="sm">
                        {c.code}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{lastVisit(c)}</Table.Td>
                      <Table.Td ta="right">{fmt.number(c.visits)}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatMain(money, c.totalSpent)}
                      </Table.Td>
                      <Table.Td ta="right">{fmt.number(c.pointsBalance)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableCard>
          ))}
        <Pager page={page} pages={pages} onChange={setPage} compact={phone} />
      </Stack>
      <CustomerImportDialog store={store} opened={importing} onClose={() => setImporting(false)} />
    </Container>
  );
}
