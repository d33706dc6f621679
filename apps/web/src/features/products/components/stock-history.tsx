import { useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Collapse,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { StockMovement } from '@shopdesk/shared';
import { describeError, translateMessage } from '../../../lib/describe-error.ts';
import { useSession } from '../../../lib/session-store.ts';
import { IconChevronDown } from '../../../components/icons.tsx';
import { useMovements } from '../api/get-movements.ts';

const PAGE_SIZE = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const REASON_COLORS: Record<StockMovement['reason'], string> = {
  SALE: 'blue',
  REFUND: 'grape',
  CARGO_ARRIVAL: 'teal',
  CARGO_REVERT: 'orange',
  ADJUSTMENT: 'gray',
  COUNT: 'indigo',
};

/** Dates in the store's time zone (where the shop is), in the user's language. */
function useDateFormat() {
  const { i18n } = useTranslation();
  const timeZone = useSession((s) => s.virtualStore?.timezone) || undefined;
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  return (iso: string) => format.format(new Date(iso));
}

function MovementRow({ m, date, divided }: { m: StockMovement; date: string; divided: boolean }) {
  const { t, i18n } = useTranslation();
  // An import's reference is its id, which says nothing to a person: the reason and note say it all.
  const ref = m.refCode && !UUID.test(m.refCode) ? m.refCode : null;
  const delta = m.delta > 0 ? `+${m.delta.toLocaleString(i18n.language)}` : m.delta.toLocaleString(i18n.language);
  const details = [
    m.userName ? t('stockHistory.by', { name: m.userName }) : null,
    ref ? t('stockHistory.ref', { ref }) : null,
    m.note ? translateMessage(t, m.note) : null,
  ].filter(Boolean);
  return (
    <Group
      component="li"
      wrap="nowrap"
      align="flex-start"
      gap="sm"
      py={10}
      data-testid="stock-movement"
      style={divided ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
    >
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Group gap={8} wrap="wrap">
          <Badge variant="light" color={REASON_COLORS[m.reason]} tt="none" size="lg">
            {m.reason === 'ADJUSTMENT' && m.adjustmentReason
              ? t('stockHistory.adjustmentWithReason', {
                  reason: t(`stockHistory.adjustmentReasons.${m.adjustmentReason}`),
                })
              : t(`stockHistory.reasons.${m.reason}`)}
          </Badge>
          <Text fz="sm" c="dimmed">
            {date}
          </Text>
        </Group>
        {details.length > 0 && (
          <Text fz="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
            {details.join(' · ')}
          </Text>
        )}
      </Box>
      <Text
        fw={800}
        fz="lg"
        c={m.delta < 0 ? 'red' : m.delta > 0 ? 'teal' : 'dimmed'}
        aria-label={t('stockHistory.change', { change: delta })}
        style={{ whiteSpace: 'nowrap' }}
      >
        {delta}
      </Text>
    </Group>
  );
}

/**
 * A product's stock history from the ledger: every sale, refund, cargo, adjustment and count, newest
 * first, a page at a time. Closed, it loads nothing (the scan card stays light on a weak network).
 */
export function StockHistory({
  store,
  code,
  defaultOpened = false,
  framed = true,
}: {
  store: string;
  code: string;
  defaultOpened?: boolean;
  /** false: a section of an enclosing card (a rule above it) rather than a card of its own. */
  framed?: boolean;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(defaultOpened);
  const [page, setPage] = useState(0);
  const history = useMovements(store, code, page, PAGE_SIZE, opened);
  const date = useDateFormat();
  const total = history.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <Paper
      withBorder={framed}
      radius="lg"
      px={framed ? { base: 'md', sm: 'lg' } : 0}
      py={framed ? 'xs' : 0}
      pt={framed ? undefined : 'xs'}
      style={framed ? undefined : { borderTop: '1px solid var(--mantine-color-default-border)', borderRadius: 0 }}
      component="section"
      aria-label={t('stockHistory.title')}
    >
      {/* The accordion pattern: a heading holding the button that shows and hides the section. */}
      <Title order={2} fz={18} m={0}>
        <UnstyledButton
          w="100%"
          mih={44}
          onClick={() => setOpened((o) => !o)}
          aria-expanded={opened}
          aria-controls={`history-${code}`}
          style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8, font: 'inherit' }}
        >
          {t('stockHistory.title')}
          <IconChevronDown
            size={20}
            style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 150ms', flex: 'none' }}
          />
        </UnstyledButton>
      </Title>
      <Collapse expanded={opened} id={`history-${code}`}>
        <Stack gap="xs" mt="xs" pb="xs">
          {history.isPending && opened && <Skeleton h={120} />}
          {history.isError && <Alert color="red">{describeError(t, history.error)}</Alert>}
          {history.data && total === 0 && (
            <Text c="dimmed" fz="sm">
              {t('stockHistory.empty')}
            </Text>
          )}
          {history.data && total > 0 && (
            <>
              <Stack
                component="ul"
                gap={0}
                p={0}
                m={0}
                style={{ listStyle: 'none', opacity: history.isPlaceholderData ? 0.6 : 1 }}
                aria-label={t('stockHistory.listLabel')}
                aria-busy={history.isFetching}
              >
                {history.data.items.map((m, i) => (
                  <MovementRow key={m.id} m={m} date={date(m.createdAt)} divided={i > 0} />
                ))}
              </Stack>
              {pages > 1 && (
                <Group justify="space-between" wrap="nowrap">
                  <Button variant="default" h={44} disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
                    {t('stockHistory.newer')}
                  </Button>
                  <Text fz="sm" c="dimmed" ta="center">
                    {t('stockHistory.page', { page: page + 1, pages })}
                  </Text>
                  <Button variant="default" h={44} disabled={page + 1 >= pages} onClick={() => setPage((p) => p + 1)}>
                    {t('stockHistory.older')}
                  </Button>
                </Group>
              )}
            </>
          )}
        </Stack>
      </Collapse>
    </Paper>
  );
}
