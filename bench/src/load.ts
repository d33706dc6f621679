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

/** What one run of load measured, before it is summed with other runs of the same target. */
interface LoadRun {
  requests: number;
  seconds: number;
  samples: number[];
  errors: number;
  non2xx: number;
}

/**
 * Drives `paths` (chosen in turn) with autocannon for `seconds` over keep-alive connections and
 * records every response time itself, so p50/p99 have sub-millisecond resolution.
 */
async function loadOnce(
  url: string,
  paths: string[],
  headers: Record<string, string>,
  seconds: number,
  connections: number,
): Promise<LoadRun> {
  const samples: number[] = [];
  let next = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
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
      (error, r) => (error ? reject(error) : resolve(r)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => {
      samples.push(ms);
    });
  });
  return {
    requests: result.requests.total,
    seconds: result.duration || seconds,
    samples,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

function summarize(runs: LoadRun[]): LoadResult {
  const samples = runs.flatMap((r) => r.samples).sort((a, b) => a - b);
  const sum = (pick: (r: LoadRun) => number) => runs.reduce((n, r) => n + pick(r), 0);
  return {
    requestsPerSecond: sum((r) => r.requests) / sum((r) => r.seconds),
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    errors: sum((r) => r.errors),
    non2xx: sum((r) => r.non2xx),
  };
}

export interface LoadTarget {
  paths: string[];
  headers: Record<string, string>;
}

/**
 * Loads `a` and `b` for `seconds` each, in alternating slices of one second after a one-second
 * warm-up each, so both see the same machine: on a shared 2-core machine the speed drifts over
 * time, and one target measured after the other would carry that drift into their ratio.
 */
export async function loadAlternating(
  url: string,
  a: LoadTarget,
  b: LoadTarget,
  seconds: number,
  connections = 10,
): Promise<[LoadResult, LoadResult]> {
  const runs: [LoadRun[], LoadRun[]] = [[], []];
  const slice = (t: LoadTarget) => loadOnce(url, t.paths, t.headers, 1, connections);
  await slice(a);
  await slice(b);
  for (let i = 0; i < seconds; i++) {
    runs[0].push(await slice(a));
    runs[1].push(await slice(b));
  }
  return [summarize(runs[0]), summarize(runs[1])];
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
