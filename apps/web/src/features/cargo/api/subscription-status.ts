import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SubscriptionStatusSchema } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { cargoKeys } from './keys.ts';

/**
 * The free-tier counts, read fresh on the cargo screens and kept in the session's
 * subscriptionStatus (original.md §3), so the create button can say how many cargos are left.
 */
export function useCargoAllowance() {
  const setStatus = useSession((s) => s.setSubscriptionStatus);
  const status = useSession((s) => s.subscriptionStatus);
  const query = useQuery({
    queryKey: cargoKeys.status(),
    queryFn: () =>
      secureApi.request('/api/secure/subscription/status', { schema: SubscriptionStatusSchema, store: null }),
    staleTime: 0,
  });
  useEffect(() => {
    if (query.data) setStatus(query.data);
  }, [query.data, setStatus]);
  const limit = status.freeCargoLimit;
  const left = limit === null ? null : Math.max(0, limit - status.cargoCount);
  return { limit, left, atLimit: left === 0 };
}
