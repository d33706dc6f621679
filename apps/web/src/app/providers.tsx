import { useEffect, useMemo, type ReactNode } from 'react';
import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import i18n from '../lib/i18n.ts';
import { installConnectivity } from '../lib/connectivity.ts';
import { isLoggedIn, useSession } from '../lib/session-store.ts';
import { queryClient } from './query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

installConnectivity();

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
  // The offline cache loads after the first screen, once someone is logged in: drawing the screen
  // does not need it, and the first load has a byte budget (e2e first-load.spec.ts).
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const load = () => {
      unsubscribe();
      void import('./offline/persist-cache.ts').then(({ startQueryPersistence }) => {
        if (!cancelled) stop = startQueryPersistence(queryClient);
      });
    };
    const unsubscribe = useSession.subscribe((s) => {
      if (isLoggedIn(s)) load();
    });
    if (isLoggedIn(useSession.getState())) load();
    return () => {
      cancelled = true;
      unsubscribe();
      stop?.();
    };
  }, []);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={themed} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
          {/* Below the header, clear of dialogs' close buttons (the `app-toasts` rules in app.css). */}
          <Notifications position="top-center" autoClose={5000} zIndex={1000} classNames={{ root: 'app-toasts' }} />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
