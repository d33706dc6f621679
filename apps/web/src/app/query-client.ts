import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api-error.ts';

/** A 4xx will not change by retrying; network hiccups and 5xx get two more tries. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
