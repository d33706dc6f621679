import { Alert, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { useOnline } from '../../lib/connectivity.ts';
import type { QueuedSale } from '../sale-queue-db.ts';
import { useSaleQueue } from '../use-sale-queue.ts';
import { SaleQueueItem } from './sale-queue-item.tsx';

interface Props {
  opened: boolean;
  onClose: () => void;
  onOpen?: (entry: QueuedSale) => void;
}

/**
 * The list of this user's sales not yet on the server, oldest first: what each was, whether it
 * waits or was refused (and why), with Retry, Discard and (when the counter offers it) Open as
 * cart. A bottom sheet on a phone, a side panel on a desktop.
 */
export function SaleQueueDrawer({ opened, onClose, onOpen }: Props) {
  const { t } = useTranslation();
  const queue = useSaleQueue();
  const online = useOnline();
  const phone = useMediaQuery('(max-width: 47.99em)');

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position={phone ? 'bottom' : 'right'}
      // A phone's sheet is as tall as its list, up to most of the screen.
      size={phone ? 'auto' : 440}
      title={t('saleQueue.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{
        title: { fontWeight: 800, fontSize: 20 },
        content: phone ? { borderRadius: '16px 16px 0 0', maxHeight: '85dvh' } : {},
      }}
    >
      <Stack gap="md" pb="env(safe-area-inset-bottom)">
        <Text size="sm" c="dimmed">
          {t('saleQueue.text')}
        </Text>
        {!online && queue.waiting > 0 && (
          <Alert color="orange" variant="light" p="xs">
            <Text size="sm">{t('saleQueue.offline')}</Text>
          </Alert>
        )}
        {queue.entries.length === 0 ? (
          <Text fw={600}>{t('saleQueue.empty')}</Text>
        ) : (
          <>
            {queue.waiting > 0 && (
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Text fw={700}>{t('saleQueue.waiting', { count: queue.waiting })}</Text>
                <Button variant="light" onClick={queue.syncNow} disabled={!online} h={40}>
                  {t('saleQueue.syncNow')}
                </Button>
              </Group>
            )}
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {queue.entries.map((entry) => (
                <SaleQueueItem
                  key={entry.clientId}
                  entry={entry}
                  onRetry={() => queue.retry(entry.clientId)}
                  onDiscard={() => queue.discard(entry.clientId)}
                  onOpen={
                    onOpen
                      ? () => {
                          onClose();
                          onOpen(entry);
                        }
                      : undefined
                  }
                />
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Drawer>
  );
}
