import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from '../../lib/router/index.ts';
import { noteScreen, useNewVersionFound } from './sw-register.ts';

// Loaded once there is a new version: most sessions never see it (the worker precaches it).
const UpdateNotice = lazy(() => import('./update-notice.tsx'));

/**
 * Where a new version of the app is announced, on every screen (app-shell.tsx, root-layout.tsx),
 * and how sw-register.ts learns that the user moved to another screen.
 */
export function UpdateBanner() {
  const { pathname } = useLocation();
  const found = useNewVersionFound();

  useEffect(() => noteScreen(pathname), [pathname]);

  return (
    // The live region is always there, so the announcement is read out when it appears.
    <div role="status" aria-live="polite">
      {found && (
        <Suspense fallback={null}>
          <UpdateNotice />
        </Suspense>
      )}
    </div>
  );
}
