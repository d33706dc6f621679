/**
 * A flood of bogus password resets must not slow logins. Each reset with a made-up token used to
 * cost an argon2 hash before the token was checked (50/s put login p50 at ~800 ms). Login p50 (real
 * argon2 cost, sequential) alone, then while bogus resets arrive at FLOOD_RATE/s from ever-new
 * client addresses (TRUST_PROXY + X-Forwarded-For, so per-address limits do not shield the server),
 * on a server of its own.
 */
import autocannon from 'autocannon';
import { percentile } from './load.ts';
import { signUpOwner, startServer } from './server.ts';
import type { Row } from './table.ts';

const FLOOD_RATE = Number(process.env.BENCH_RESET_FLOOD_RATE ?? 200);
const SECONDS = 5;
/** Ratio to idle allowed: a flood of cheap rejects costs some CPU, never the argon2 pool. */
const BUDGET = 2;

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Sequential logins of the owner from one address for `seconds`; sorted response times. */
async function logins(url: string, seconds: number): Promise<number[]> {
  const samples: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const start = performance.now();
    const res = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' },
      body: JSON.stringify({ email: 'owner@bench.example', password: 'bench password 1' }),
    });
    await res.text();
    if (res.status !== 200) throw new Error(`login answered ${res.status}`);
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}

export async function resetFloodRows(port: number): Promise<Row[]> {
  // Per-address limits off for the measured logins; the flood changes address every request anyway.
  const server = await startServer(port, { TRUST_PROXY: 'true', RATE_LIMIT_AUTH_PER_IP: '100000000' });
  try {
    await signUpOwner(server);
    await logins(server.url, 1); // warm-up
    const idle = await logins(server.url, SECONDS);
    const statuses = new Map<number, number>();
    let next = 0;
    let instance!: autocannon.Instance;
    const flood = new Promise<autocannon.Result>((resolve, reject) => {
      instance = autocannon(
        {
          url: `${server.url}/api/auth/forgot-password/reset`,
          connections: 8,
          overallRate: FLOOD_RATE,
          duration: SECONDS + 2,
          requests: [
            {
              method: 'POST',
              setupRequest: (req) => {
                const n = next++;
                return {
                  ...req,
                  headers: {
                    ...req.headers,
                    'content-type': 'application/json',
                    'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
                  },
                  body: JSON.stringify({ resetToken: `made-up-${n}`, password: 'a new password 123' }),
                };
              },
            },
          ],
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
    });
    instance.on('response', (_client, status) => statuses.set(status, (statuses.get(status) ?? 0) + 1));
    await new Promise((r) => setTimeout(r, 1000));
    const during = await logins(server.url, SECONDS);
    const result = await flood;
    const rejected = statuses.get(400) ?? 0;
    const odd = [...statuses].filter(([status]) => status !== 400 && status !== 429);
    if (odd.length || result.errors) throw new Error(`reset flood: ${JSON.stringify([...statuses])}`);
    const idleP50 = percentile(idle, 50);
    const duringP50 = percentile(during, 50);
    const ratio = duringP50 / idleP50;
    return [
      {
        what: `login p50 during ${FLOOD_RATE}/s bogus password resets (${rejected.toLocaleString('en-US')} rejected)`,
        value: `${ms(duringP50)} (${ratio.toFixed(2)}× idle)`,
        budget: `≤ ${BUDGET}× idle`,
        baseline: `${ms(idleP50)} (idle)`,
        ok: ratio <= BUDGET,
      },
    ];
  } finally {
    await server.stop();
  }
}
