import type { ReactNode } from 'react';
import { ActionIcon, Group, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { IconKeyboard } from '../../../components/icons.tsx';
import { LazyTooltip } from '../../../components/lazy-tooltip.tsx';
import { SaleQueueIndicator } from '../../../sync/components/sale-queue-indicator.tsx';
import type { QueuedSale } from '../../../sync/sale-queue-db.ts';
import { HeldCartsButton } from './held-carts-button.tsx';

/**
 * The counter's title row: the shift's badge and the held cart's code beside the title; the sale
 * queue, the held carts (with their count) and, on a desk, the shortcuts on the right.
 */
export function CounterHeader({
  store,
  shiftBadge,
  parkedCode,
  onQueued,
  onHeld,
  onHelp,
  more,
}: {
  store: string;
  shiftBadge: ReactNode;
  parkedCode: string | null;
  onQueued: (entry: QueuedSale) => void;
  onHeld: () => void;
  onHelp: () => void;
  /** The More menu's button on a phone with an empty cart, whose summary (and its More) is hidden then. */
  more?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mb="sm" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Title order={1} fz={{ base: 20, sm: 24 }}>
          {t('counter.title')}
        </Title>
        {shiftBadge}
        {parkedCode && (
          <Text fz="sm" c="dimmed" truncate>
            {t('counter.heldCode', { code: parkedCode })}
          </Text>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <SaleQueueIndicator onOpen={onQueued} />
        <HeldCartsButton store={store} onOpen={onHeld} />
        {more}
        <LazyTooltip label={t('counter.shortcuts')} visibleFrom="md">
          <ActionIcon variant="subtle" size={36} visibleFrom="md" aria-label={t('counter.shortcuts')} onClick={onHelp}>
            <IconKeyboard size={20} />
          </ActionIcon>
        </LazyTooltip>
      </Group>
    </Group>
  );
}
