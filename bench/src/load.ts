import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Exact percentile of sorted samples (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/**
 * Drives `paths` (chosen in turn) with autocannon for `seconds` over keep-alive connections and
 * records every response time itself, so p50/p99 have sub-millisecond resolution.
 */
export async function load(
  url: string,
  paths: string[],
  headers: Record<string, string>,
  seconds: number,
  connections = 10,
): Promise<LoadResult> {
  const samples: number[] = [];
  let next = 0;
  let finish: (r: autocannon.Result) => void = () => {};
  let fail: (e: unknown) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url,
      connections,
      duration: seconds,
      headers,
      requests: [
        {
          method: 'GET',
          setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length]! }),
        },
      ],
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  instance.on('response', (_client, _status, _bytes, ms) => {
    samples.push(ms);
  });
  const result = await done;
  samples.sort((a, b) => a - b);
  return {
    requestsPerSecond: result.requests.total / (result.duration || seconds),
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Times `count` requests one after another, as one person paging through a list would. */
export async function sequential(
  urls: string[],
  headers: Record<string, string>,
): Promise<{ p50: number; p95: number; failures: number }> {
  const samples: number[] = [];
  let failures = 0;
  for (const u of urls) {
    const start = performance.now();
    const res = await fetch(u, { headers });
    await res.arrayBuffer();
    samples.push(performance.now() - start);
    if (!res.ok) failures++;
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), failures };
}
