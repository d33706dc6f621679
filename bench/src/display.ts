/**
 * The customer display follows the counter (product.md §9: "a scan shows on a paired display in
 * < 300 ms p95"): one measured store's counter sends a growing cart, state by state, while 20 other
 * stores each have a paired display's stream open and their own counters send states at the same
 * time. Measured from the PUT being sent to the matching `state` event arriving on the measured
 * store's display stream, beside a bare route's round trip under the same load.
 */
import { plainSaleState } from '@shopdesk/shared';
import { percentile } from './load.ts';
import { call, signUpOwner, type BenchServer } from './server.ts';
import type { Row } from './table.ts';

const OTHER_STORES = 20;
const MEASURED = 300;
/** Each other counter sends a state this often: a brisk scanning pace, 20 of them at once. */
const OTHER_EVERY_MS = 200;

const ms = (n: number) => `${n.toFixed(2)} ms`;
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

/** A cart of `count` lines as a counter sends it (DisplayState). */
function cart(seq: number, count: number) {
  const lines = Array.from({ length: count }, (_, i) => ({
    name: `Bench item ${i + 1}`,
    quantity: 1 + (i % 3),
    unit: 'EACH' as const,
    unitPrice: 250 + i,
    discount: 0,
    total: (250 + i) * (1 + (i % 3)),
  }));
  return plainSaleState(seq, lines);
}

/** A display's stream: calls `onState(seq)` for each state event as its bytes arrive. */
async function follow(url: string, token: string, onState: (seq: number) => void, signal: AbortSignal) {
  const res = await fetch(`${url}/api/public/display/${token}/events`, { signal });
  if (res.status !== 200) throw new Error(`display stream answered ${res.status}`);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) return;
        buffer += chunk.value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (block.startsWith('event: state') && data && data !== 'data: null') {
            onState((JSON.parse(data.slice(6)) as { seq: number }).seq);
          }
        }
      }
    } catch {
      /* aborted at the end */
    }
  })();
}

interface Store {
  headers: Record<string, string>;
  id: string;
  token: string;
}

async function pairedStore(url: string, headers: Record<string, string>): Promise<Store> {
  const paired = await call<{ id: string; url: string }>(`${url}/api/secure/display/pair`, {
    method: 'POST',
    headers,
    json: { name: 'Bench display' },
  });
  return { headers, id: paired.id, token: paired.url.split('/display/')[1]! };
}

async function putState(url: string, store: Store, state: unknown): Promise<void> {
  const res = await fetch(`${url}/api/secure/display/pair/${store.id}/state`, {
    method: 'PUT',
    headers: { ...store.headers, 'content-type': 'application/json' },
    body: JSON.stringify(state),
  });
  await res.arrayBuffer();
  if (res.status !== 204) throw new Error(`state PUT answered ${res.status}`);
}

export async function displayRows(server: BenchServer, headers: Record<string, string>): Promise<Row[]> {
  const url = server.url;
  const stop = new AbortController();
  const measured = await pairedStore(url, headers);
  const others: Store[] = [];
  for (let i = 0; i < OTHER_STORES; i++) {
    const { token, urlName } = await signUpOwner(server, `display-${i}`);
    others.push(await pairedStore(url, { authorization: `Bearer ${token}`, 'x-store': urlName }));
  }
  let sent = 0;
  let received = 0;
  for (const store of others) await follow(url, store.token, () => received++, stop.signal);
  const waiting = new Map<number, (at: number) => void>();
  await follow(url, measured.token, (seq) => waiting.get(seq)?.(performance.now()), stop.signal);

  // The other stores' counters, each at its own pace, until the measured run ends.
  let running = true;
  const counters = others.map(async (store, i) => {
    await sleep((i * OTHER_EVERY_MS) / OTHER_STORES);
    for (let n = 1; running; n++) {
      await putState(url, store, cart(Date.now() * 1000 + n, 1 + (n % 40)));
      sent++;
      await sleep(OTHER_EVERY_MS);
    }
  });

  const latencies: number[] = [];
  const bare: number[] = [];
  const base = Date.now() * 1000;
  for (let i = 1; i <= MEASURED; i++) {
    const seq = base + i;
    const arrived = new Promise<number>((resolve) => waiting.set(seq, resolve));
    const start = performance.now();
    await putState(url, measured, cart(seq, 1 + (i % 60)));
    latencies.push((await arrived) - start);
    waiting.delete(seq);
    const pingStart = performance.now();
    await (await fetch(`${url}/api/public/ping`)).arrayBuffer();
    bare.push(performance.now() - pingStart);
  }
  running = false;
  await Promise.all(counters);
  // The states still on their way to the other displays.
  await sleep(500);
  stop.abort();

  latencies.sort((a, b) => a - b);
  bare.sort((a, b) => a - b);
  const p95 = percentile(latencies, 95);
  return [
    {
      what: `customer display: state PUT to the paired display's event p95 (${OTHER_STORES} other stores' displays live)`,
      value: ms(p95),
      budget: '< 300 ms',
      baseline: ms(percentile(bare, 95)),
      ok: p95 < 300,
    },
    {
      what: 'customer display: PUT to event p50',
      value: ms(percentile(latencies, 50)),
      budget: '-',
      baseline: ms(percentile(bare, 50)),
      ok: null,
    },
    {
      what: "customer display: other stores' states sent / shown on their displays",
      value: `${sent} / ${received}`,
      budget: 'all shown',
      baseline: '-',
      ok: received >= sent,
    },
  ];
}
