import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { noteNavigation, useUpdateState } from './sw-updates.ts';

// Most sessions never see it: its code stays out of the first screens (the worker precaches it).
const UpdateNotice = lazy(() => import('./update-notice.tsx'));

/**
 * Announces a new version of the app (sw-updates.ts) with "Update now". While the counter holds a
 * cart or a payment it says the update waits for the sale; otherwise the next change of screen
 * applies it, which this banner reports (it is on every screen).
 */
export function UpdateBanner() {
  const { pathname } = useLocation();
  const state = useUpdateState();

  useEffect(() => noteNavigation(), [pathname]);

  return (
    // The live region is always there, so the announcement is read out when it appears.
    <div role="status" aria-live="polite">
      {state.status !== 'idle' && (
        <Suspense fallback={null}>
          <UpdateNotice {...state} />
        </Suspense>
      )}
    </div>
  );
}
