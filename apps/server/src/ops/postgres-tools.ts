import { spawn } from 'node:child_process';
import type { Writable } from 'node:stream';
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * Runs PostgreSQL's own client programs (`pg_dump`, `psql`): from PATH, else from Debian's
 * /usr/lib/postgresql/{version}/bin (newest first; pg_dump must be at least the server's version,
 * and says so itself when it is not).
 */
export function findPgProgram(name: 'pg_dump' | 'psql'): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const path = join(root, version, 'bin', name);
    if (existsSync(path)) return path;
  }
  throw new Error(
    `${name} was not found on PATH nor in /usr/lib/postgresql/*/bin: install PostgreSQL's client programs (Debian: apt-get install postgresql-client)`,
  );
}

/**
 * The connection URL without its password, and the environment that passes the password instead
 * (libpq reads PGPASSWORD), so it never shows in the process list.
 */
export function connectionFor(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

/** Runs a program to its end; rejects with its standard error when it fails. */
export function run(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 20_000) stderr += chunk;
    });
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${program} failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
    });
  });
}

/** `pg_dump` of one schema into a plain SQL file: one consistent snapshot, taken while the app runs. */
export async function dumpSchema(url: string, schema: string, file: string): Promise<void> {
  const connection = connectionFor(url);
  await run(
    findPgProgram('pg_dump'),
    [
      `--dbname=${connection.url}`,
      `--schema=${schema}`,
      '--format=plain',
      // The restoring role owns what it restores; grants are the administrator's.
      '--no-owner',
      '--no-privileges',
      `--file=${file}`,
    ],
    connection.env,
  );
}

/** Runs an SQL script with psql in one transaction, stopping at the first error (which rolls it all back). */
export async function runScript(url: string, file: string): Promise<void> {
  const connection = connectionFor(url);
  await run(
    findPgProgram('psql'),
    [
      '--no-psqlrc',
      '--quiet',
      '--set=ON_ERROR_STOP=1',
      '--single-transaction',
      `--dbname=${connection.url}`,
      `--file=${file}`,
    ],
    connection.env,
  );
}

/**
 * Starts psql on a script read from its standard input, in one transaction, stopping at the first
 * error: the caller writes the script into `input` while psql runs it (no file on disk, and the
 * database loads while the script is still being written). `done` settles when psql exits.
 */
export function streamScript(url: string): { input: Writable; done: Promise<void>; stop: () => void } {
  const connection = connectionFor(url);
  const child = spawn(
    findPgProgram('psql'),
    [
      '--no-psqlrc',
      '--quiet',
      '--set=ON_ERROR_STOP=1',
      '--single-transaction',
      `--dbname=${connection.url}`,
      '--file=-',
    ],
    { env: connection.env, stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    if (stderr.length < 20_000) stderr += chunk;
  });
  // A psql that stopped at an error closes its input: the writer's EPIPE is that error, told by `done`.
  child.stdin.on('error', () => undefined);
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) return resolve();
      const error = new Error(`psql failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`);
      child.stdin.destroy(error);
      reject(error);
    });
  });
  done.catch(() => undefined);
  // Stopped before its script ends: killed, so it never reaches the end of its input and commits.
  return { input: child.stdin, done, stop: () => child.kill('SIGKILL') };
}

/**
 * Runs one `COPY … TO STDOUT` with psql and gives its output as it comes, in UTF-8 (the text a
 * table's rows make, bounded by the pipe, never the whole table in memory); throws psql's error
 * when it fails, after the output it gave.
 */
export async function* copyOut(url: string, sql: string): AsyncGenerator<Buffer> {
  const connection = connectionFor(url);
  const child = spawn(
    findPgProgram('psql'),
    ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', `--dbname=${connection.url}`, `--command=${sql}`],
    { env: { ...connection.env, PGCLIENTENCODING: 'UTF8' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    if (stderr.length < 20_000) stderr += chunk;
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`psql failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
    });
  });
  exited.catch(() => undefined);
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) yield chunk;
    await exited;
  } finally {
    // A reader that stopped early (an error of its own) leaves no psql behind.
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}
