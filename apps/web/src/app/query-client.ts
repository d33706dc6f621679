import { MutationCache, onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api-error.ts';
import { isUnreachable, OfflineError, reportUnreachable } from '../lib/connectivity.ts';

/**
 * A 4xx will not change by retrying; network hiccups and 5xx get two more tries. A call that got
 * no answer marks the app offline, so the retry waits for the connection (networkMode 'online')
 * and the screen keeps its last data instead of turning into an error.
 */
export function shouldRetry(count: number, error: unknown): boolean {
  if (isUnreachable(error)) reportUnreachable();
  return !(error instanceof ApiRequestError && error.status < 500) && count < 2;
}

/** How long unused results stay in memory, so the offline cache (persist-cache.ts) still has them. */
export const CACHE_GC_MS = 24 * 60 * 60 * 1000;

export const queryClient = new QueryClient({
  // Writes are not queued offline (a stock change applied hours later would surprise): they fail
  // at once with the network error text, and screens disable their buttons with useOnline().
  mutationCache: new MutationCache({
    onMutate: () => {
      if (!onlineManager.isOnline()) throw new OfflineError();
    },
    onError: (error) => {
      if (isUnreachable(error) && !(error instanceof OfflineError)) reportUnreachable();
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      gcTime: CACHE_GC_MS,
      retry: shouldRetry,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});
