import { useEffect } from 'react';
import { AppShell } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet, useLocation, useParams } from '../../lib/router/index.ts';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { isLoggedIn, useSession } from '../../lib/session-store.ts';
import { ApiRequestError } from '../../lib/api-error.ts';
import { useCurrentStore, useSessionExchangeRate } from '../../features/stores/index.ts';
import { followSessionForCatalogs } from '../../features/counter/index.ts';
import { startCargoCountSyncIfKept } from '../../features/cargo/index.ts';
import { NotFound } from '../../components/not-found.tsx';
import { NoPermission } from '../../components/no-permission.tsx';
import { may, screenNeed, useStoreRights } from '../../lib/store-rights.ts';
import { OfflineBanner } from '../../components/offline-banner.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { startSaleSyncIfKept } from '../../sync/start-if-kept.ts';
import { UpdateBanner } from '../pwa/update-banner.tsx';
import { AppHeader } from './app-header.tsx';
import { Navigator } from './navigator.tsx';
import { SectionTabs } from './section-tabs.tsx';
import { paths } from '../../lib/paths.ts';
import { isTill, useTill } from '../../lib/till/till-state.ts';
import { useTillUpkeep } from '../../components/till/use-till-upkeep.ts';

/**
 * The logged-in frame of every `/{store}/...` screen: header, navigator (sidebar on desktop,
 * drawer on phones), the section tabs (in the header on desktop, a bottom bar on phones).
 */
export function StoreShell() {
  const { t } = useTranslation();
  const { store = '' } = useParams();
  const { pathname } = useLocation();
  const loggedIn = useSession(isLoggedIn);
  // A till (product.md §2) has no person's session: its own token, its few screens, no store picker.
  const onTill = useTill(isTill);
  const navigatorView = useSession((s) => s.isNavigatorView);
  const setNavigatorView = useSession((s) => s.setNavigatorView);
  const [drawerOpen, drawer] = useDisclosure(false);
  const current = useCurrentStore(store);

  // The session's store follows the route, so money screens know the currencies in use.
  useEffect(() => {
    const s = useSession.getState();
    if (current.data) {
      if (s.virtualStore?.id !== current.data.id) s.clearVirtualStore();
      s.setVirtualStore(current.data);
    }
  }, [current.data]);
  // After the store effect above, so a switch clears the previous store's rate before this one's.
  useSessionExchangeRate(store, current.data);

  // Sales queued on this device sync from any store screen, not only the counter.
  useEffect(() => (loggedIn || onTill ? startSaleSyncIfKept() : undefined), [loggedIn, onTill]);
  // So do cargo counts made offline (the difference queue of features/cargo).
  useEffect(() => (loggedIn ? startCargoCountSyncIfKept() : undefined), [loggedIn]);
  useEffect(() => followSessionForCatalogs(), []);
  useTillUpkeep(onTill);

  const closeDrawer = drawer.close;
  useEffect(() => closeDrawer(), [pathname, closeDrawer]);

  const navigatorAvailable = (loggedIn || onTill) && navigatorView;
  // Read at the first render: a phone never mounts the sidebar's navigator (nor loads its scroll
  // area) for the one render before an effect would have said it is a phone.
  const isPhone = useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false });
  // A closed phone drawer is not rendered at all, so its links do not shadow the page's.
  const renderNavigator = navigatorAvailable && (!isPhone || drawerOpen);
  const storeMissing = current.error instanceof ApiRequestError && current.error.status === 404;
  // Right after a switch the session still holds the previous store, whose currencies money
  // screens would use: the page waits until it holds this one (at once when it is cached). Offline
  // with nothing cached it goes on rather than blocking the app.
  const sessionStore = useSession((s) => s.virtualStore);
  const storeReady = current.data
    ? sessionStore?.id === current.data.id
    : current.isError || sessionStore?.urlName === store.toLowerCase();
  const defaultStore = useSession((s) => s.loggedUser?.defaultStore);
  // A member opening a screen their role does not open sees why, not a screen of 403s.
  const rights = useStoreRights();
  const need = screenNeed(pathname.split('/').slice(2).join('/'));
  // A till's screens are its guard's (route-guard.ts); each action there asks what its member lacks.
  const refused = !onTill && need && rights && !may(rights, need) ? need : null;

  return (
    <AppShell
      header={{ height: 60 }}
      footer={{ height: { base: onTill ? 0 : 64, sm: 0 } }}
      navbar={{
        width: 272,
        breakpoint: 'sm',
        collapsed: { mobile: !(navigatorAvailable && drawerOpen), desktop: !navigatorAvailable },
      }}
      padding={0}
    >
      <AppShell.Header>
        <AppHeader
          store={store}
          navigatorAvailable={loggedIn || onTill}
          onTill={onTill}
          navigatorOpen={navigatorAvailable && (isPhone ? drawerOpen : true)}
          onToggleNavigator={() => {
            // Phones open a drawer; on desktop the burger turns the sidebar on and off.
            if (isPhone) {
              if (!navigatorView) setNavigatorView(true);
              drawer.toggle();
            } else setNavigatorView(!navigatorView);
          }}
        />
      </AppShell.Header>
      {renderNavigator && (
        <AppShell.Navbar>
          <Navigator store={store} onNavigate={drawer.close} />
        </AppShell.Navbar>
      )}
      <AppShell.Main>
        <OfflineBanner
          top="var(--app-shell-header-offset, 0rem)"
          // The counter keeps selling offline: its banner says so instead of "changes can't be saved".
          text={
            /\/shop\/counter(\/|$)/.test(pathname)
              ? t('offline.counterText')
              : // So does counting a cargo (features/cargo keeps the counts on the device).
                /\/cargo\/manage\/.+/.test(pathname)
                ? t('cargo.offlineBanner')
                : undefined
          }
        />
        <UpdateBanner />
        {storeMissing ? (
          <NotFound
            title={t('notFound.storeTitle')}
            text={t('notFound.storeText', { store })}
            homeTo={defaultStore ? paths.store(defaultStore) : paths.root()}
          />
        ) : storeReady && refused ? (
          <NoPermission need={refused} homeTo={paths.store(store)} />
        ) : storeReady ? (
          <Outlet />
        ) : (
          <PageSpinner />
        )}
      </AppShell.Main>
      {!onTill && (
        <AppShell.Footer hiddenFrom="sm" pb="env(safe-area-inset-bottom)">
          <SectionTabs store={store} variant="bar" />
        </AppShell.Footer>
      )}
    </AppShell>
  );
}
