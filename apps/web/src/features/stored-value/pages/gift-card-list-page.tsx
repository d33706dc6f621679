import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Container,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { formatCardCode, STORED_VALUE_KINDS, type StoredValueAccount, type StoredValueKind } from '@shopdesk/shared';
import { Link, useNavigate, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { useSession } from '../../../lib/session-store.ts';
import { storeToday } from '../../../lib/store-today.ts';
import { useStoredValueFormat } from '../../../lib/stored-value-format.ts';
import { paths } from '../../../lib/paths.ts';
import { CardList, EmptyCard, ListHeading, TableCard } from '../../../components/list-card.tsx';
import { Pager } from '../../../components/pager.tsx';
import { SearchInput } from '../../../components/search-input.tsx';
import { IconChart } from '../../../components/icons.tsx';
import { useAccountWindow } from '../api/search-accounts.ts';
import { StatusBadge } from '../components/status-badge.tsx';
import { storedValueErrorText } from '../lib/error-text.ts';
import { searchText } from '../lib/search-text.ts';
import { SHOWN_STATUSES, shownStatus, type ShownStatus } from '../lib/shown-status.ts';

const PAGE_SIZE = 25;
const ALL = 'ALL';

/**
 * /{store}/shop/gift-cards: the store's gift cards and store credits, searched by code or customer
 * and filtered by kind and status on the server, a window at a time; a row opens the card's page.
 */
export default function GiftCardListPage() {
  const { t } = useTranslation();
  const { store = '' } = useParams();
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 47.99em)');
  const fmt = useStoredValueFormat();
  const today = storeToday(useSession((s) => s.virtualStore?.timezone));
  const [q, setQ] = useState('');
  const [debouncedQ] = useDebouncedValue(q, 300);
  const [kind, setKind] = useState<StoredValueKind | typeof ALL>(ALL);
  const [status, setStatus] = useState<ShownStatus | typeof ALL>(ALL);
  const [page, setPage] = useState(0);
  const filter = {
    q: searchText(debouncedQ),
    kind: kind === ALL ? undefined : kind,
    status: status === ALL ? undefined : status,
  };
  const accounts = useAccountWindow(store, page, PAGE_SIZE, filter);
  const total = accounts.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const filtered = Boolean(filter.q || filter.kind || filter.status);
  const open = (a: StoredValueAccount) => navigate(paths.giftCardPage(store, a.code));
  const expiry = (a: StoredValueAccount) => (a.expiresAt ? fmt.day(a.expiresAt) : t('giftCards.noExpiry'));
  const customerName = (a: StoredValueAccount) => a.customer?.name || a.customer?.code || '';

  return (
    <Container size="lg" px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <ListHeading
          title={t('giftCards.title')}
          count={accounts.data ? t('giftCards.count', { count: total }) : null}
          countTestId="sv-count"
        >
          <Button
            variant="default"
            component={Link}
            to={paths.giftCardLiability(store)}
            leftSection={<IconChart size={18} />}
            w={phone ? '100%' : undefined}
          >
            {t('giftCards.liability.open')}
          </Button>
        </ListHeading>
        <Group gap="sm">
          <SearchInput
            label={t('giftCards.search')}
            placeholder={t('giftCards.searchPlaceholder')}
            value={q}
            onChange={(value) => {
              setQ(value);
              setPage(0);
            }}
            fullRow={phone}
            minWidth={220}
          />
          <Select
            aria-label={t('giftCards.kindFilter')}
            value={kind}
            onChange={(v) => {
              if (v) {
                setKind(v as StoredValueKind | typeof ALL);
                setPage(0);
              }
            }}
            data={[ALL, ...STORED_VALUE_KINDS].map((k) => ({ value: k, label: t(`giftCards.kinds.${k}`) }))}
            allowDeselect={false}
            w={phone ? undefined : 190}
            style={phone ? { flex: 1 } : undefined}
          />
          <Select
            aria-label={t('giftCards.statusFilter')}
            value={status}
            onChange={(v) => {
              if (v) {
                setStatus(v as ShownStatus | typeof ALL);
                setPage(0);
              }
            }}
            data={[ALL, ...SHOWN_STATUSES].map((s) => ({ value: s, label: t(`giftCards.statusOptions.${s}`) }))}
            allowDeselect={false}
            w={phone ? undefined : 170}
            style={phone ? { flex: 1 } : undefined}
          />
        </Group>
        {accounts.isError && (
          <Alert color="red" role="alert">
            {storedValueErrorText(t, accounts.error)}
          </Alert>
        )}
        {accounts.isPending && <Skeleton h={320} radius="lg" />}
        {accounts.data && accounts.data.items.length === 0 && (
          <EmptyCard role="status">
            <Stack gap="sm" align="center">
              <Text c="dimmed">{filtered ? t('giftCards.noMatch') : t('giftCards.empty')}</Text>
              {!filtered && (
                <Text c="dimmed" fz="sm">
                  {t('giftCards.emptyHint')}
                </Text>
              )}
            </Stack>
          </EmptyCard>
        )}
        {accounts.data &&
          accounts.data.items.length > 0 &&
          (phone ? (
            <CardList
              items={accounts.data.items}
              keyOf={(a) => a.id}
              label={t('giftCards.title')}
              stale={accounts.isPlaceholderData}
              rowTestId="sv-row"
            >
              {(a) => (
                <UnstyledButton
                  onClick={() => open(a)}
                  px="md"
                  py="sm"
                  w="100%"
                  aria-label={t('giftCards.openCard', { code: formatCardCode(a.code) })}
                >
                  <Group wrap="nowrap" gap="sm" align="flex-start">
                    <Box style={{ flex: 1, minWidth: 0 }}>
                      <Text fw={600} ff="monospace" fz="sm" truncate>
                        {formatCardCode(a.code)}
                      </Text>
                      <Text fz="xs" c="dimmed" truncate>
                        {[
                          t(`giftCards.kinds.${a.kind}`),
                          customerName(a),
                          a.expiresAt ? t('giftCards.untilShort', { date: fmt.day(a.expiresAt) }) : '',
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    </Box>
                    <Stack gap={4} align="flex-end">
                      <Text fw={700} fz="sm" style={{ whiteSpace: 'nowrap' }}>
                        {fmt.money(a.balance, a.currency)}
                      </Text>
                      <StatusBadge status={shownStatus(a, today)} />
                    </Stack>
                  </Group>
                </UnstyledButton>
              )}
            </CardList>
          ) : (
            <TableCard stale={accounts.isPlaceholderData}>
              <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('giftCards.fields.code')}</Table.Th>
                    <Table.Th>{t('giftCards.fields.kind')}</Table.Th>
                    <Table.Th>{t('giftCards.fields.customer')}</Table.Th>
                    <Table.Th>{t('giftCards.fields.expires')}</Table.Th>
                    <Table.Th>{t('giftCards.fields.status')}</Table.Th>
                    <Table.Th ta="right">{t('giftCards.fields.issued')}</Table.Th>
                    <Table.Th ta="right">{t('giftCards.fields.balance')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {accounts.data.items.map((a) => (
                    <Table.Tr key={a.id} onClick={() => open(a)} style={{ cursor: 'pointer' }} data-testid="sv-row">
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Link
                          to={paths.giftCardPage(store, a.code)}
                          style={{ color: 'inherit', textDecoration: 'none' }}
                          aria-label={t('giftCards.openCard', { code: formatCardCode(a.code) })}
                        >
                          <Text ff="monospace" fz="sm" fw={600} span>
                            {formatCardCode(a.code)}
                          </Text>
                        </Link>
                      </Table.Td>
                      <Table.Td fz="sm">{t(`giftCards.kinds.${a.kind}`)}</Table.Td>
                      <Table.Td fz="sm">{customerName(a) || <Text c="dimmed">—</Text>}</Table.Td>
                      <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                        {expiry(a)}
                      </Table.Td>
                      <Table.Td>
                        <StatusBadge status={shownStatus(a, today)} />
                      </Table.Td>
                      <Table.Td ta="right" fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {fmt.money(a.issued, a.currency)}
                      </Table.Td>
                      <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                        {fmt.money(a.balance, a.currency)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableCard>
          ))}
        <Pager page={page} pages={pages} onChange={setPage} compact={phone} />
      </Stack>
    </Container>
  );
}
