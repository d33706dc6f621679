import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastsWanted } from '../lib/notifications.ts';

const ToastContainer = lazy(() => import('./toast-container.tsx'));

/**
 * Where toasts show. The container (Mantine's notifications, with the transitions it animates
 * them with) loads with the first toast (lib/notifications.ts): a toast asked for before it has
 * loaded waits in Mantine's store, which the container reads when it mounts, so none is lost.
 * Once mounted it stays, so toasts can animate out.
 */
export function Toasts() {
  const wanted = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.get, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  ) : null;
}
