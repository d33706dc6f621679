import { useEffect } from 'react';
import { Box, Button, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { IconAlert, IconUpload } from '../../components/icons.tsx';
import type { QueuedSale } from '../sale-queue-db.ts';
import { useSaleQueue } from '../use-sale-queue.ts';
import { preloadable } from '../../lib/preloadable.ts';
import { usePreloaded } from '../../lib/use-preloaded.ts';

// The list (a Drawer, with its confirm dialog) is no part of the counter's first load: it loads
// as soon as the button shows, that is when there is something to list, so opening it is instant.
const loadDrawer = preloadable(() => import('./sale-queue-drawer.tsx').then((m) => m.SaleQueueDrawer));

export interface SaleQueueIndicatorProps {
  /** Only an icon and the number on screen (narrow headers); the sentence is still read out. */
  compact?: boolean;
  /** Offered on a refused sale as "Open as cart": the counter loads it to fix and pay again. */
  onOpen?: (entry: QueuedSale) => void;
}

/**
 * "3 sales waiting to sync" / "1 sale refused": shown only while this user has sales on the device
 * that the server does not hold yet; it opens the list of them. The sentence sits in a live
 * region, so a screen reader hears the queue grow and empty.
 */
export function SaleQueueIndicator({ compact, onOpen }: SaleQueueIndicatorProps) {
  const { t } = useTranslation();
  const queue = useSaleQueue();
  const [opened, drawer] = useDisclosure(false);
  const parts = [
    queue.waiting > 0 ? t('saleQueue.waiting', { count: queue.waiting }) : null,
    queue.refused > 0 ? t('saleQueue.refused', { count: queue.refused }) : null,
  ].filter((p): p is string => p !== null);
  const sentence = parts.join(' · ');
  const refused = queue.refused > 0;
  const drawerCode = usePreloaded(loadDrawer);
  const { whenLoaded } = drawerCode;
  const shown = parts.length > 0;
  useEffect(() => {
    if (shown) whenLoaded();
  }, [shown, whenLoaded]);
  const SaleQueueDrawer = drawerCode.value;

  return (
    <>
      <Box component="span" role="status" aria-live="polite" display="contents">
        {parts.length > 0 && (
          <Button
            size="compact-sm"
            variant="light"
            color={refused ? 'red' : 'orange'}
            radius="xl"
            onClick={drawer.open}
            leftSection={refused ? <IconAlert size={16} /> : <IconUpload size={16} />}
            data-testid="sale-queue-indicator"
            title={compact ? sentence : undefined}
            styles={{ label: { whiteSpace: 'nowrap' } }}
          >
            {compact ? (
              <>
                <span aria-hidden>{queue.entries.length}</span>
                <VisuallyHidden>{sentence}</VisuallyHidden>
              </>
            ) : (
              sentence
            )}
          </Button>
        )}
      </Box>
      {SaleQueueDrawer && <SaleQueueDrawer opened={opened} onClose={drawer.close} onOpen={onOpen} />}
    </>
  );
}
