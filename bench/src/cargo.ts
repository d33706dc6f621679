/**
 * The cargo budget (product.md §9): a cargo of 2,000 contents opens (the cargo and its first window
 * of lines) and arrives well under a second; and 50 concurrent difference updates to one content
 * every second, with their p99. Half of the lines are products of the imported catalogue, half are
 * new codes, so the arrival both adds to existing products and creates 1,000 new ones. Baselines
 * are the bare route of the same server in the same run: opened the same way one after another, and
 * fired in the same bursts of 50, alternating second by second with the differences.
 */
import { randomUUID } from 'node:crypto';
import { benchCode } from './catalogue.ts';
import { percentile } from './load.ts';
import { call, type BenchServer } from './server.ts';
import type { Row } from './table.ts';

const CONTENTS = 2_000;
const OPENS = 40;
const BURST = 50;
const CYCLES = 5;

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function timed(url: string, init: RequestInit): Promise<{ ms: number; status: number }> {
  const start = performance.now();
  const res = await fetch(url, init);
  await res.arrayBuffer();
  return { ms: performance.now() - start, status: res.status };
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

export async function cargoRows(
  server: BenchServer,
  headers: Record<string, string>,
  products: number,
  seconds: number,
): Promise<Row[]> {
  const json = { ...headers, 'content-type': 'application/json' };
  const contents = Array.from({ length: CONTENTS }, (_, i) => ({
    code: i % 2 === 0 ? benchCode((i * 37) % products) : `CARGO-BENCH-${i}`,
    name: `Cargo line ${i}`,
    brand: 'Bench',
    quantity: 1 + (i % 12),
    price: 100 + i,
  }));
  // Lines of the catalogue may repeat a code when the catalogue is small: the cargo merges them.
  const createStart = performance.now();
  const cargo = await call<{ id: string; code: string; itemCount: number }>(`${server.url}/api/secure/cargo/new`, {
    method: 'POST',
    headers,
    json: { name: 'Bench shipment', origin: 'Bench', contents },
  });
  const createMs = performance.now() - createStart;

  // Opening the cargo screen: the cargo with its totals and the first window of its lines.
  const open: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < OPENS; i++) {
    const start = performance.now();
    const [a, b] = await Promise.all([
      fetch(`${server.url}/api/secure/cargo/code/${cargo.code}`, { headers }),
      fetch(`${server.url}/api/secure/cargo-content/search/${cargo.id}/window/0/20`, { headers }),
    ]);
    await Promise.all([a.arrayBuffer(), b.arrayBuffer()]);
    if (!a.ok || !b.ok) throw new Error(`opening the cargo answered ${a.status} / ${b.status}`);
    open.push(performance.now() - start);
    const p = await timed(`${server.url}/api/public/ping`, {});
    bare.push(p.ms);
  }
  const opened = stats(open);
  const bareOpen = stats(bare);

  // Arrival: the first one creates the missing products; then reversal and a second arrival.
  const mark = (status: 'arrived' | 'not-arrived') =>
    timed(`${server.url}/api/secure/cargo/${status}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ code: cargo.code }),
    });
  // Then reversal and arrival again, CYCLES times: their medians, each beside a ping made right
  // after it (on a shared machine one timing alone says little).
  const firstArrival = await mark('arrived');
  const reversals: number[] = [];
  const arrivals: number[] = [];
  const pings: number[] = [];
  for (let i = 0; i < CYCLES; i++) {
    const back = await mark('not-arrived');
    const again = await mark('arrived');
    for (const r of [back, again]) if (r.status !== 200) throw new Error(`marking the cargo answered ${r.status}`);
    reversals.push(back.ms);
    arrivals.push(again.ms);
    pings.push((await timed(`${server.url}/api/public/ping`, {})).ms);
  }
  if (firstArrival.status !== 200) throw new Error(`arrival answered ${firstArrival.status}`);
  const reversal = stats(reversals);
  const rearrival = stats(arrivals);
  const ping = stats(pings);

  // Differences: a second cargo with one line, 50 concurrent +1s every second, alternating with 50
  // concurrent pings; the final quantity must be exactly the start plus every difference sent.
  const counted = await call<{ id: string; code: string }>(`${server.url}/api/secure/cargo/new`, {
    method: 'POST',
    headers,
    json: { name: 'Bench count', contents: [{ code: 'COUNT-1', name: 'Counted', quantity: 0 }] },
  });
  const [line] = await call<Array<{ contentId: string }>>(
    `${server.url}/api/secure/cargo/code/${counted.code}/contents`,
    { headers },
  );
  const diffUrl = (clientId: string) =>
    `${server.url}/api/secure/cargo-content/code/${counted.code}/content/${line!.contentId}/quantity/0/difference/1?clientId=${clientId}`;
  const diffs: number[] = [];
  const bursts: number[] = [];
  let failed = 0;
  for (let s = 0; s < seconds; s++) {
    const secondStart = performance.now();
    const burst = await Promise.all(
      Array.from({ length: BURST }, () => timed(diffUrl(randomUUID()), { method: 'PUT', headers })),
    );
    for (const r of burst) {
      if (r.status !== 200) failed++;
      diffs.push(r.ms);
    }
    const baseline = await Promise.all(Array.from({ length: BURST }, () => timed(`${server.url}/api/public/ping`, {})));
    for (const r of baseline) bursts.push(r.ms);
    const left = 1000 - (performance.now() - secondStart);
    if (left > 0) await new Promise((r) => setTimeout(r, left));
  }
  const [after] = await call<Array<{ quantity: number }>>(
    `${server.url}/api/secure/cargo/code/${counted.code}/contents`,
    { headers },
  );
  const expected = seconds * BURST - failed;
  const exact = after!.quantity === expected && failed === 0;
  const diff = stats(diffs);
  const pingBurst = stats(bursts);

  return [
    {
      what: `cargo of ${CONTENTS.toLocaleString('en-US')} contents: create (one request)`,
      value: ms(createMs),
      budget: '-',
      baseline: '-',
      ok: null,
    },
    {
      what: `cargo of ${cargo.itemCount.toLocaleString('en-US')} lines: open (cargo + first window) p95`,
      value: `${ms(opened.p95)} (p50 ${ms(opened.p50)})`,
      budget: '< 1 s',
      baseline: `${ms(bareOpen.p95)} (p50 ${ms(bareOpen.p50)})`,
      ok: opened.p95 < 1000,
    },
    {
      what: `cargo of ${cargo.itemCount.toLocaleString('en-US')} lines: arrival (creates missing products)`,
      value: ms(firstArrival.ms),
      budget: '< 1 s',
      baseline: ms(ping.p50),
      ok: firstArrival.ms < 1000,
    },
    {
      what: `cargo: reversal / arrival again, median of ${CYCLES}`,
      value: `${ms(reversal.p50)} / ${ms(rearrival.p50)}`,
      budget: '< 1 s',
      baseline: ms(ping.p50),
      ok: reversal.p50 < 1000 && rearrival.p50 < 1000,
    },
    {
      what: `cargo differences: ${BURST} concurrent to one content each second, p99 (${seconds} s)`,
      value: `${ms(diff.p99)} (p50 ${ms(diff.p50)})`,
      budget: 'exact sum',
      baseline: `${ms(pingBurst.p99)} (p50 ${ms(pingBurst.p50)})`,
      ok: exact,
    },
    {
      what: 'cargo differences: final quantity',
      value: `${after!.quantity} of ${seconds * BURST} sent`,
      budget: 'all counted once',
      baseline: '-',
      ok: exact,
    },
  ];
}
