import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/** The server as a process of its own, as in production: for tests that kill it (crash-safety.test.ts). */

const SERVER_DIR = join(import.meta.dirname, '../..');

/**
 * The real server as its own process on the test's database, as in production. It listens on a port
 * the system picks (PORT=0) and is asked which: a port probed free beforehand can be taken by another
 * test file's server before this one binds it, and a ping would then reach that server (whose
 * database has no such session: a 401 that looked like a lost session).
 */
export async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    stdio: ['ignore', 'pipe', 'ignore'],
    env: {
      ...process.env,
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      // Info, for fastify's "Server listening at" line; the rest of the log is read and dropped.
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      // A fast machine sells far past the free plan's month in ten rounds.
      FREE_TRANSACTION_LIMIT: '10000000',
    },
  });
  const url = await new Promise<string>((resolve, reject) => {
    let settled = false;
    let seen = '';
    const settle = (then: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      then();
    };
    const timer = setTimeout(
      () => settle(() => (child.kill('SIGKILL'), reject(new Error('the server did not start')))),
      60_000,
    );
    // Always read, so a full pipe never stalls the server.
    child.stdout!.on('data', (chunk: Buffer) => {
      if (settled) return;
      seen = (seen + chunk.toString()).slice(-4096);
      const found = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(seen);
      if (found) settle(() => resolve(found[1]!));
    });
    child.once('exit', (code) => settle(() => reject(new Error(`the server exited with ${code}`))));
  });
  return { url, child };
}

/**
 * A script of the server (`src/…`, under tsx as `npm run` does) as a process of its own, with its
 * output collected. Never spawnSync in an API test: the app under test shares this process's event
 * loop, and blocking it for seconds lets the server drop a kept-alive connection the next request reuses.
 */
export function runScript(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Resolves when the process has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}
