/**
 * CPU time of processes, read from /proc (Linux), so a row can say where a load's CPU went: the app
 * processes, PostgreSQL's, the rest of the machine (on a shared machine, other work too).
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';

/** Clock ticks a second of /proc's times (USER_HZ: 100 on every Linux this runs on). */
const TICKS = 100;

/** User + system CPU seconds of `pid` so far, or 0 once it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is the 1st, utime the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** Busy and total CPU seconds of the whole machine (all cores) so far. */
function machineSeconds(): { busy: number; all: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = values.map(Number) as number[];
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy: busy / TICKS, all: (busy + idle! + iowait!) / TICKS };
}

/**
 * PostgreSQL's processes that work for the bench's database: its client backends and the server's
 * own processes (WAL writer, checkpointer, background writer), not other databases' backends.
 */
async function postgresPids(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where (datname = current_database() and pid <> pg_backend_pid()) or backend_type <> 'client backend'`,
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

/**
 * What the database's busy backends are doing, sampled every 50 ms while `work` runs: of the
 * backends running a statement, the share waiting for a row or transaction lock, for WAL I/O (the
 * commit's fsync), or on the CPU (no wait event).
 */
async function sampleWaits(url: string, until: Promise<unknown>): Promise<{ lock: number; io: number; cpu: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const counts = { lock: 0, io: 0, cpu: 0, all: 0 };
  let done = false;
  void until.finally(() => (done = true));
  try {
    while (!done) {
      const { rows } = await client.query<{ kind: string | null }>(
        `select wait_event_type as kind from pg_stat_activity
          where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
      );
      for (const { kind } of rows) {
        counts.all++;
        if (kind === 'Lock') counts.lock++;
        else if (kind === 'IO' || kind === 'LWLock') counts.io++;
        else if (kind === null) counts.cpu++;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await client.end();
  }
  const share = (n: number) => (counts.all ? n / counts.all : 0);
  return { lock: share(counts.lock), io: share(counts.io), cpu: share(counts.cpu) };
}

export interface CpuShare {
  /** CPU seconds per wall second (1 = one core busy) of the app processes, of PostgreSQL, of the whole machine. */
  app: number;
  postgres: number;
  machine: number;
  cores: number;
  /** Of the database's backends running a statement: share waiting on a lock, on I/O (WAL, buffers), on the CPU. */
  waits: { lock: number; io: number; cpu: number };
}

/**
 * Measures `work`'s CPU (and what PostgreSQL's busy backends wait for): the app processes `appPids` and the PostgreSQL processes of `pgUrl`'s
 * database (listed before and after, so backends the load opened count from their start); on
 * SQLite (`pgUrl` null) the app processes and the machine only.
 */
export async function measureCpu<T>(
  appPids: number[],
  pgUrl: string | null,
  work: () => Promise<T>,
): Promise<{ result: T; cpu: CpuShare }> {
  const pgPidsNow = async () => (pgUrl ? postgresPids(pgUrl) : []);
  const before = new Map<number, number>();
  for (const pid of [...appPids, ...(await pgPidsNow())]) before.set(pid, cpuSeconds(pid));
  const machine0 = machineSeconds();
  const started = performance.now();
  const running = work();
  const [result, waits] = await Promise.all([
    running,
    pgUrl ? sampleWaits(pgUrl, running) : { lock: 0, io: 0, cpu: 0 },
  ]);
  const seconds = (performance.now() - started) / 1000;
  const machine1 = machineSeconds();
  const pgPids = new Set([...(await pgPidsNow()), ...before.keys()].filter((p) => !appPids.includes(p)));
  const used = (pid: number) => Math.max(0, cpuSeconds(pid) - (before.get(pid) ?? 0));
  const sum = (pids: Iterable<number>) => [...pids].reduce((total, pid) => total + used(pid), 0);
  const allSeconds = machine1.all - machine0.all;
  return {
    result,
    cpu: {
      app: sum(appPids) / seconds,
      postgres: sum(pgPids) / seconds,
      machine: (machine1.busy - machine0.busy) / seconds,
      cores: Math.round(allSeconds / seconds),
      waits,
    },
  };
}
