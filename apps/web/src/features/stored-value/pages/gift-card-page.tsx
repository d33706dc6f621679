import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { formatCardCode } from '@shopdesk/shared';
import { Link, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { useSession } from '../../../lib/session-store.ts';
import { usePermission } from '../../../lib/store-rights.ts';
import { storeToday } from '../../../lib/store-today.ts';
import { useStoredValueFormat } from '../../../lib/stored-value-format.ts';
import { paths } from '../../../lib/paths.ts';
import { NotFound } from '../../../components/not-found.tsx';
import { StoredValueEntries } from '../../../components/stored-value-entries.tsx';
import { IconBack, IconEdit, IconLock } from '../../../components/icons.tsx';
import { useAccount } from '../api/get-account.ts';
import { AdjustDialog } from '../components/adjust-dialog.tsx';
import { BlockDialog } from '../components/block-dialog.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { storedValueErrorText } from '../lib/error-text.ts';
import { shownStatus } from '../lib/shown-status.ts';

/** One figure of the card: its label over its value. */
function Figure({ label, value, testId, strong }: { label: string; value: string; testId?: string; strong?: boolean }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fz="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text
        fz={strong ? 24 : 'md'}
        fw={strong ? 800 : 700}
        c={strong ? 'teal.8' : undefined}
        lh={1.3}
        data-testid={testId}
        style={{ overflowWrap: 'anywhere' }}
      >
        {value}
      </Text>
    </Paper>
  );
}

/**
 * /{store}/shop/gift-cards/{code}: one gift card or store credit: its balance, what was put on it,
 * its expiry and status, whose it is, and every entry of its ledger; with SETTINGS, block or
 * unblock it and the owner's adjustment. No screen pays a balance out in cash.
 */
export default function GiftCardPage() {
  const { t } = useTranslation();
  const { store = '', code = '' } = useParams();
  const fmt = useStoredValueFormat();
  const today = storeToday(useSession((s) => s.virtualStore?.timezone));
  const settings = usePermission('SETTINGS');
  const detail = useAccount(store, code);
  const [blocking, setBlocking] = useState(false);
  const [adjusting, setAdjusting] = useState(false);

  if (detail.error instanceof ApiRequestError && detail.error.status === 404)
    return <NotFound title={t('giftCards.notFound')} homeTo={paths.giftCards(store)} />;
  const account = detail.data?.account;
  const status = account ? shownStatus(account, today) : null;

  return (
    <Container size="lg" px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Anchor
          component={Link}
          to={paths.giftCards(store)}
          fz="sm"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minHeight: 44 }}
        >
          <IconBack size={16} aria-hidden />
          {t('giftCards.page.back')}
        </Anchor>
        {detail.isPending && <Skeleton h={360} radius="lg" />}
        {detail.isError && <Alert color="red">{storedValueErrorText(t, detail.error)}</Alert>}
        {account && status && detail.data && (
          <>
            <Group justify="space-between" align="flex-start" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Text fz="sm" c="dimmed" fw={600}>
                  {t(`giftCards.kinds.${account.kind}`)}
                </Text>
                <Title order={1} fz={26} ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="sv-code">
                  {formatCardCode(account.code)}
                </Title>
                <Group gap="xs" mt={6}>
                  <StatusBadge status={status} size="lg" />
                  <Text fz="sm" c="dimmed">
                    {t('giftCards.page.since', { date: fmt.dateTime(account.createdAt) })}
                  </Text>
                </Group>
              </div>
              {/* Blocking and adjusting are SETTINGS' (the server checks it too). */}
              {settings.allowed && (
                <Group gap="xs">
                  <Button
                    variant="default"
                    color={account.status === 'BLOCKED' ? undefined : 'red'}
                    leftSection={<IconLock size={18} />}
                    onClick={() => setBlocking(true)}
                  >
                    {t(account.status === 'BLOCKED' ? 'giftCards.block.openUnblock' : 'giftCards.block.openBlock')}
                  </Button>
                  <Button variant="light" leftSection={<IconEdit size={18} />} onClick={() => setAdjusting(true)}>
                    {t('giftCards.adjust.open')}
                  </Button>
                </Group>
              )}
            </Group>
            {status === 'BLOCKED' && (
              <Alert color="red" variant="light">
                {t('giftCards.page.blockedNote')}
              </Alert>
            )}
            {status === 'EXPIRED' && (
              <Alert color="gray" variant="light">
                {t('giftCards.page.expiredNote', { date: fmt.day(account.expiresAt!) })}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" style={{ alignItems: 'stretch' }}>
              <Figure
                label={t('giftCards.fields.balance')}
                value={fmt.money(account.balance, account.currency)}
                testId="sv-balance"
                strong
              />
              <Figure label={t('giftCards.fields.issued')} value={fmt.money(account.issued, account.currency)} />
              <Figure
                label={t('giftCards.fields.expires')}
                value={account.expiresAt ? fmt.day(account.expiresAt) : t('giftCards.noExpiry')}
              />
              <Figure
                label={t('giftCards.fields.lastUsed')}
                value={account.lastUsedAt ? fmt.date(account.lastUsedAt) : t('giftCards.never')}
              />
            </SimpleGrid>
            {account.customer && (
              <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section">
                <Group gap="sm" wrap="wrap">
                  <Text fz="sm" c="dimmed">
                    {t('giftCards.fields.customer')}
                  </Text>
                  <Anchor component={Link} to={paths.customerPage(store, account.customer.id)} fw={600}>
                    {account.customer.name || account.customer.code}
                  </Anchor>
                  <Badge variant="light" tt="none" ff="monospace">
                    {account.customer.code}
                  </Badge>
                </Group>
              </Paper>
            )}
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="sv-entries">
              <Title order={2} fz={18} mb="md" id="sv-entries">
                {t('giftCards.entries.title')}
              </Title>
              <StoredValueEntries store={store} entries={detail.data.entries} currency={account.currency} />
            </Paper>
            <Text fz="xs" c="dimmed">
              {t('giftCards.page.noCash')}
            </Text>
            <BlockDialog store={store} account={account} opened={blocking} onClose={() => setBlocking(false)} />
            <AdjustDialog store={store} account={account} opened={adjusting} onClose={() => setAdjusting(false)} />
          </>
        )}
      </Stack>
    </Container>
  );
}
