/**
 * How checkout throughput grows with app processes on one PostgreSQL (ARCHITECTURE.md "Growing past
 * one machine": identical processes behind a load balancer): the same 50 clients against one
 * process, then split 25/25 over two processes on the same database, with where the CPU went in
 * each run (the app processes, PostgreSQL's processes, the whole machine), read from /proc.
 */
import { drive, makePremium, saleBody, type Measured } from './checkout.ts';
import { measureCpu, type CpuShare } from './proc-cpu.ts';
import { startServer, type BenchServer } from './server.ts';
import type { Row } from './table.ts';

const CONNECTIONS = 50;

const perSecond = (n: number) => `${Math.round(n).toLocaleString('en-US')}/s`;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const cores = (n: number) => n.toFixed(2);

function cpuText(cpu: CpuShare): string {
  const pct = (n: number) => `${Math.round(100 * n)}%`;
  return (
    `CPU (cores): app ${cores(cpu.app)}, PostgreSQL ${cores(cpu.postgres)}, whole machine ${cores(cpu.machine)} of ${cpu.cores}; ` +
    `busy backends waiting on a lock ${pct(cpu.waits.lock)}, on I/O ${pct(cpu.waits.io)}, on CPU ${pct(cpu.waits.cpu)}`
  );
}

function checkout(
  url: string,
  headers: Record<string, string>,
  products: number,
  seconds: number,
  connections: number,
) {
  return drive(
    url,
    seconds,
    headers,
    () => ({ method: 'POST', path: '/api/secure/shop/transaction', body: saleBody(products) }),
    connections,
  );
}

/** Both processes' figures as one: sales add up, latencies are each sale's (weighted by count). */
function combined(a: Measured, b: Measured): Measured {
  const ok = a.ok + b.ok;
  const weighted = (x: number, y: number) => (ok ? (x * a.ok + y * b.ok) / ok : 0);
  return {
    perSecond: a.perSecond + b.perSecond,
    p50: weighted(a.p50, b.p50),
    p99: Math.max(a.p99, b.p99),
    ok,
    failed: a.failed + b.failed,
  };
}

export async function checkoutProcessesRows(
  server: BenchServer,
  headers: Record<string, string>,
  urlName: string,
  products: number,
  seconds: number,
  port: number,
): Promise<Row[]> {
  if (server.engine !== 'postgres' || !server.pg) {
    return [
      {
        what: 'checkout, one vs two app processes on one PostgreSQL',
        value: 'not measured: needs PostgreSQL (BENCH_DATABASE_URL)',
        budget: '-',
        baseline: '-',
        ok: null,
      },
    ];
  }
  await makePremium(server, urlName);
  const second = await startServer(port, {}, server);
  try {
    const one = await measureCpu([server.pid], server.pg.url, () =>
      checkout(server.url, headers, products, seconds, CONNECTIONS),
    );
    const two = await measureCpu([server.pid, second.pid], server.pg.url, async () => {
      const [a, b] = await Promise.all([
        checkout(server.url, headers, products, seconds, CONNECTIONS / 2),
        checkout(second.url, headers, products, seconds, CONNECTIONS / 2),
      ]);
      return combined(a, b);
    });
    const failed = one.result.failed + two.result.failed;
    if (failed) throw new Error(`checkout over one and two processes had ${failed} failed requests`);
    return [
      {
        what: `checkout of 5 lines, ${CONNECTIONS} clients, one app process`,
        value: `${perSecond(one.result.perSecond)} (p50 ${ms(one.result.p50)}, p99 ${ms(one.result.p99)})`,
        budget: '-',
        baseline: cpuText(one.cpu),
        ok: null,
      },
      {
        what: `checkout of 5 lines, ${CONNECTIONS} clients split over two app processes, one PostgreSQL`,
        value: `${perSecond(two.result.perSecond)} (${(two.result.perSecond / one.result.perSecond).toFixed(2)}× one process; p50 ${ms(two.result.p50)}, p99 ${ms(two.result.p99)})`,
        budget: '-',
        baseline: cpuText(two.cpu),
        ok: null,
      },
    ];
  } finally {
    await second.stop();
  }
}
