import { lazy, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Box, Loader } from '@mantine/core';
import { notifications } from '../lib/notifications.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation, useNavigate, useNavigation } from '../lib/router/index.ts';
import { useTranslation } from '../lib/i18n/use-translation.ts';
import { isLoggedIn, useSession } from '../lib/session-store.ts';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { ApiRequestError } from '../lib/api-error.ts';
import { isUnreachable, reportUnreachable } from '../lib/connectivity.ts';
import { pendingDestination, rememberDestination } from '../lib/after-login.ts';
import { checkSession } from '../features/auth/index.ts';
import { guardRedirect, isDisplayPath, isPublicPath, tillRedirect } from './route-guard.ts';
import { isTill, useTill } from '../lib/till/till-state.ts';
import { lockTill } from '../lib/till/till-lock.ts';
import { paths } from '../lib/paths.ts';
import { OfflineBanner } from '../components/offline-banner.tsx';
import { UpdateBanner } from './pwa/update-banner.tsx';

// Shown only on a till the owner turned off: no part of any first load.
const TillTurnedOff = lazy(() =>
  import('../components/till/till-turned-off.tsx').then((m) => ({ default: m.TillTurnedOff })),
);

/** A till leaving the screens it opens: it locks, and the counter's PIN pad shows. */
function TillBack({ to }: { to: string }) {
  useEffect(() => void lockTill(), []);
  return <Navigate to={to} replace />;
}

/**
 * Wraps every route: applies the route guard (a till's confinement included, and its "turned off"
 * screen), scrolls to the top on each navigation, checks the stored session once at start, turns
 * a 401 into "session expired", and shows the 50px spinner while the next screen's code loads.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const qc = useQueryClient();
  const loggedIn = useSession(isLoggedIn);
  const tillStore = useTill((s) => (isTill(s) ? s.store : null));
  const tillRevoked = useTill((s) => s.revoked);
  const tillUnlocked = useTill((s) => s.member !== null);

  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [location.key]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      const session = useSession.getState();
      // A person's call answered after this device became a till: that session ended on purpose.
      if (isPublicPath(window.location.pathname) || isTill()) return;
      const hadUser = isLoggedIn(session);
      session.clearSession();
      qc.clear();
      if (hadUser) notifications.show({ color: 'red', message: t('errors.sessionExpired') });
      navigate(paths.auth(), { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate, qc, t]);

  // Once per app start. Without a user there is nothing to check (treated as valid).
  const checked = useRef(false);
  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    if (!isLoggedIn(useSession.getState())) return;
    checkSession()
      .then(({ user }) => useSession.getState().setLoggedUser(user))
      .catch((error: unknown) => {
        console.error('Session check failed', error);
        // Offline is not an invalid session: keep working with the stored one (and say so).
        if (!(error instanceof ApiRequestError)) {
          if (isUnreachable(error)) reportUnreachable();
          return;
        }
        useSession.getState().clearSession();
        qc.clear();
        navigate(paths.auth(), { replace: true });
      });
  }, [navigate, qc]);

  if (tillRevoked)
    return (
      <Suspense fallback={null}>
        <TillTurnedOff />
      </Suspense>
    );
  const banners = isPublicPath(location.pathname) && !isDisplayPath(location.pathname);
  const tillTo = tillStore ? tillRedirect(location.pathname, tillStore, tillUnlocked) : null;
  if (tillTo) return <TillBack to={tillTo} />;
  const redirect = tillStore ? null : guardRedirect(location.pathname, loggedIn);
  if (redirect) {
    if (!loggedIn) rememberDestination(location.pathname);
    // Just logged in on /auth: where the login page is taking the user too (lib/after-login.ts).
    return <Navigate to={(loggedIn && pendingDestination()) || redirect} replace />;
  }

  return (
    <>
      {navigation.state === 'loading' && (
        <Box
          pos="fixed"
          top={96}
          left="50%"
          style={{ transform: 'translateX(-50%)', zIndex: 400 }}
          role="status"
          aria-label={t('app.loading')}
        >
          <Loader size={50} />
        </Box>
      )}
      {/* Store screens show it under their header (app-shell.tsx); a customer display shows its own state. */}
      {banners && <OfflineBanner />}
      {banners && <UpdateBanner />}
      <Outlet />
    </>
  );
}

/** `/` opens the home of the user's default store (a till's guard sends it to its counter instead). */
export function RootIndex() {
  const defaultStore = useSession((s) => s.loggedUser?.defaultStore);
  return <Navigate to={defaultStore ? paths.store(defaultStore) : paths.auth()} replace />;
}
