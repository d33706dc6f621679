import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ErrorCode, type SubscriptionStatus } from '@shopdesk/shared';
import { secureApi, setWriteObserver, type WriteSeen } from './api-client.ts';
import { useSession } from './session-store.ts';

/** The one cache entry of GET /api/secure/subscription/status; its answer is mirrored in the session. */
export const subscriptionStatusKey = ['subscription', 'status'] as const;

/** Writes after which the free-tier counts (or premium) may have changed. */
const COUNT_CHANGES: Array<[method: string, path: RegExp]> = [
  ['POST', /^\/api\/secure\/product$/],
  ['POST', /^\/api\/secure\/product\/import$/],
  ['DELETE', /^\/api\/secure\/product\/code\//],
  ['POST', /^\/api\/secure\/shop\/transaction$/],
  ['PUT', /^\/api\/secure\/shop\/transaction\/[^/]+$/],
  ['POST', /^\/api\/secure\/cargo\/new$/],
  ['POST', /^\/api\/secure\/cargo\/qr\/transfer$/],
  ['DELETE', /^\/api\/secure\/cargo\/code\//],
  ['POST', /^\/api\/secure\/subscription\/(create|cancel|resume)$/],
  ['POST', /^\/api\/secure\/virtual-store\/[^/]+\/member\/invite$/],
  ['DELETE', /^\/api\/secure\/virtual-store\/[^/]+\/member\/(invitation\/)?[^/]+$/],
];

/** True when `write` may have changed a count: a matching success, or any refusal for the free limit. */
export function changesCounts(write: WriteSeen): boolean {
  if (write.status === 402 && write.code === ErrorCode.FREE_LIMIT_REACHED) return true;
  if (write.status < 200 || write.status >= 300) return false;
  const path = write.path.split('?')[0]!;
  return COUNT_CHANGES.some(([method, pattern]) => method === write.method && pattern.test(path));
}

export function fetchSubscriptionStatus(signal?: AbortSignal): Promise<SubscriptionStatus> {
  return secureApi.request<SubscriptionStatus>('/api/secure/subscription/status', {
    store: null,
    signal,
  });
}

/** What is left of each free limit; null where there is no limit (premium, or not set). */
export interface Allowance {
  products: number | null;
  cargos: number | null;
  transactions: number | null;
  /** Members besides the owner, open invitations included. */
  members: number | null;
}

export function allowanceOf(s: SubscriptionStatus): Allowance {
  const left = (limit: number | null, count: number) => (limit === null ? null : Math.max(0, limit - count));
  return {
    products: left(s.freeProductLimit, s.productCount),
    cargos: left(s.freeCargoLimit, s.cargoCount),
    transactions: left(s.freeTransactionLimit, s.shopTransactionCount),
    // A session kept from before the server answered members has neither field: no notice then.
    members: left(s.freeMemberLimit ?? null, s.memberCount ?? 0),
  };
}

let timer: ReturnType<typeof setTimeout> | undefined;
let client: QueryClient | null = null;
const listeners = new Set<(status: SubscriptionStatus) => void>();

/** Called with each fresh status (the sale queue puts sales refused for the limit back in line once it lifts). */
export function onSubscriptionStatus(listener: (status: SubscriptionStatus) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps a fresh status: in the session (original.md §3), and told to the listeners. */
function apply(status: SubscriptionStatus): void {
  useSession.getState().setSubscriptionStatus(status);
  for (const listener of listeners) listener(status);
}

/**
 * Reads the status again soon, into the query cache and the session, whether or not a screen shows
 * it. A CSV import or a run of sales makes many writes in a row: one read after the last is enough.
 */
export function refreshSubscriptionStatus(delayMs = 250): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (!client || !useSession.getState().jwt) return;
    client
      .fetchQuery({
        queryKey: subscriptionStatusKey,
        queryFn: ({ signal }) => fetchSubscriptionStatus(signal),
        staleTime: 0,
      })
      .then(apply)
      .catch(() => undefined); // Offline or logged out: the next screen that shows it reads it again.
  }, delayMs);
}

/** Installs the write observer once (app start): every count-changing write refreshes the status. */
export function installSubscriptionStatusRefresh(queryClient: QueryClient): void {
  client = queryClient;
  setWriteObserver((write) => {
    if (changesCounts(write)) refreshSubscriptionStatus();
  });
}

/**
 * The free-tier counts of the session (original.md §3), read fresh from the server while a screen
 * that shows them is open. `enabled` false only reads the session (e.g. logged out).
 */
export function useSubscriptionStatus(enabled = true): SubscriptionStatus {
  const jwt = useSession((s) => s.jwt);
  const query = useQuery({
    queryKey: subscriptionStatusKey,
    queryFn: ({ signal }) => fetchSubscriptionStatus(signal),
    enabled: enabled && jwt !== null,
    staleTime: 10_000,
  });
  useEffect(() => {
    if (query.data) apply(query.data);
  }, [query.data]);
  return useSession((s) => s.subscriptionStatus);
}

/** The allowance of the session's status, kept fresh (see useSubscriptionStatus). */
export function useAllowance(): Allowance & { status: SubscriptionStatus } {
  const status = useSubscriptionStatus();
  return { ...allowanceOf(status), status };
}
