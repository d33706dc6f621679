import { useMemo, type ReactNode } from 'react';
import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from '../lib/i18n/use-translation.ts';
import { installConnectivity } from '../lib/connectivity.ts';
import { installSubscriptionStatusRefresh } from '../lib/subscription-status.ts';
import { queryClient } from './query-client.ts';
import { useOfflineCache } from './offline/use-offline-cache.ts';
import { Toasts } from './toasts.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

installConnectivity();
installSubscriptionStatusRefresh(queryClient);

/** Theme follows the system ('auto'); toasts sit top-center and last 5000 ms (original.md §9). */
export function Providers({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  // A toast's close button is named in the UI language (Mantine leaves it without a name).
  const themed = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: { Notification: { defaultProps: { closeButtonProps: { 'aria-label': t('common.close') } } } },
      }),
    [t],
  );
  useOfflineCache(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={themed} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
        <Toasts />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
