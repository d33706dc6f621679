import { useEffect } from 'react';
import { Navigate, useParams } from '../../../lib/router/index.ts';
import { forgetDestination } from '../../../lib/after-login.ts';
import { useSession } from '../../../lib/session-store.ts';
import { paths } from '../../../lib/paths.ts';

/**
 * /cargo/receive/{token}, the link a hand-over QR encodes (packages/shared cargo.ts): the cargo is
 * received into the user's current store, so this goes to that store's cargo list, which asks
 * before receiving it.
 */
export default function ReceiveLinkPage() {
  const { token = '' } = useParams();
  // Arrived, maybe through a login that kept this link (lib/after-login.ts): it has served.
  useEffect(() => forgetDestination(), []);
  const store = useSession((s) => s.virtualStore?.urlName ?? s.loggedUser?.defaultStore ?? null);
  if (!store) return <Navigate to={paths.root()} replace />;
  return <Navigate to={paths.cargoList(store, token)} replace />;
}
