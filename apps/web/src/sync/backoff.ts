export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 60_000;

/**
 * How long to wait after the `failures`-th failure in a row: "full jitter" (a random time between
 * zero and an exponentially growing ceiling, capped), so many tills coming back online at once do
 * not hit the server in lockstep. A server's Retry-After is a minimum that jitter never shortens.
 */
export function backoffDelay(failures: number, retryAfterMs: number | null = null, random = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  const jittered = Math.floor(random() * ceiling);
  return Math.max(jittered, retryAfterMs ?? 0);
}
