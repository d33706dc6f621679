import { useCallback, useSyncExternalStore } from 'react';
import { Box, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../lib/i18n/use-translation.ts';
import { useOnline } from '../lib/connectivity.ts';
import { IconAlert } from './icons.tsx';

/** The id of the banner's sentence, so a disabled button can point to it as its reason. */
export const OFFLINE_REASON_ID = 'offline-reason';

/**
 * Says the app is offline: what is on screen is what was last loaded on this device, and changes
 * cannot be saved until the connection is back (a screen that works offline, such as the counter,
 * says what it does instead). Sticks under the header while the page scrolls.
 */
export function OfflineBanner({ top = 0, text }: { top?: number | string; text?: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const neverLoaded = useWaitingForNetwork(!online);
  return (
    // The live region is always there, so the change is announced when it happens.
    <Box role="status" aria-live="polite" pos="sticky" top={top} style={{ zIndex: 90 }}>
      {!online && (
        <Box
          px="md"
          py={8}
          bg="var(--mantine-color-orange-light)"
          c="var(--mantine-color-orange-light-color)"
          style={{ borderBottom: '1px solid var(--mantine-color-orange-outline)' }}
          data-testid="offline-banner"
        >
          <Group gap="xs" wrap="nowrap" justify="center">
            <IconAlert size={20} style={{ flex: 'none' }} />
            <Text size="sm" lh={1.35}>
              <Text span fw={700} size="sm">
                {t('offline.title')}
              </Text>{' '}
              <span id={OFFLINE_REASON_ID}>{text ?? t(neverLoaded ? 'offline.notLoadedPage' : 'offline.text')}</span>
            </Text>
          </Group>
        </Box>
      )}
    </Box>
  );
}

/**
 * True while offline some screen waits for data this device never loaded (a query on screen,
 * paused with no data): its placeholders would otherwise look like loading forever, so the banner says the page
 * loads once the connection is back. Watches the query cache only while offline.
 */
function useWaitingForNetwork(offline: boolean): boolean {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback(
    (onChange: () => void) => (offline ? cache.subscribe(onChange) : () => undefined),
    [cache, offline],
  );
  return useSyncExternalStore(
    subscribe,
    () =>
      offline &&
      cache
        .getAll()
        .some((q) => q.state.fetchStatus === 'paused' && q.state.data === undefined && q.getObserversCount() > 0),
  );
}

/**
 * Props for a button that writes: offline it is disabled, and its title and description say why
 * (the banner's sentence). Spread it last, or combine: `disabled={busy || lock.disabled}`.
 */
export function useWriteLock(): { disabled?: true; title?: string; 'aria-describedby'?: string } {
  const { t } = useTranslation();
  const online = useOnline();
  return online ? {} : { disabled: true, title: t('offline.needsConnection'), 'aria-describedby': OFFLINE_REASON_ID };
}
