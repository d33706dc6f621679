#!/usr/bin/env node
// `npm test`: every test. Makes sure the system tools the tests use are present (installing them
// with apt-get when running as root), then runs, each as a timed phase:
//   Vitest on SQLite      unit tests of every workspace, and the API suite on SQLite
//   Vitest on PostgreSQL  the API suite again on PostgreSQL (when TEST_DATABASE_URL is set)
//   build                 the web app, once, for the browser tests (skipped when up to date)
//   Playwright            browser flows in Debian's Chromium against the real server
// and ends with the summary of scripts/ci-summary.mjs (phases, counts, failures, flaky tests), also
// written to test-results/summary.txt. `npm test -- unit` runs only Vitest, `npm test -- e2e` only
// Playwright.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PHASES, REPORTS, recordPhase, reportSummary } from './ci-summary.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const needed = [
  { bin: '/usr/bin/chromium', pkg: 'chromium' },
  { bin: '/usr/bin/zbarimg', pkg: 'zbar-tools' },
];

const missing = needed.filter((n) => !existsSync(n.bin));
if (missing.length > 0) {
  const pkgs = missing.map((m) => m.pkg).join(' ');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const apt = (args) =>
    spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`Installing system packages for the tests: ${pkgs}`);
    if (apt(['update', '-qq']) !== 0 || apt(['install', '-y', '-qq', ...missing.map((m) => m.pkg)]) !== 0) {
      console.error(`Could not install ${pkgs}. Run: sudo apt-get update && sudo apt-get install -y ${pkgs}`);
      process.exit(1);
    }
  } else {
    console.error(`Missing system packages: ${pkgs}\nRun: sudo apt-get update && sudo apt-get install -y ${pkgs}`);
    process.exit(1);
  }
}

const only = process.argv[2];
// .ci/run records its own phases first and keeps them; a plain `npm test` starts a new record.
if (!process.env.SHOPDESK_CI_PHASES) {
  rmSync(PHASES, { force: true });
}
for (const [, report] of REPORTS.vitest) rmSync(report, { force: true });
rmSync(REPORTS.playwright, { force: true });

let running = null;
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    // Killed (a time limit): the phase that was running is recorded as killed, the summary printed.
    if (running) {
      running.child.kill(signal);
      recordPhase(running.name, (performance.now() - running.start) / 1000, 'killed');
      running = null;
    }
    reportSummary();
    process.exit(1);
  });

/**
 * Runs one phase with the terminal's output; records its time and outcome as soon as it ends. An
 * `env` value of null removes that variable.
 */
function phase(name, command, args, env = {}) {
  return new Promise((resolve) => {
    console.log(`\n▶ ${name}: ${[command, ...args].slice(0, 8).join(' ')}`);
    const start = performance.now();
    const merged = { ...process.env, ...env };
    for (const [key, value] of Object.entries(env)) if (value === null) delete merged[key];
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: merged });
    running = { name, child, start };
    child.on('exit', (code, signal) => {
      running = null;
      const seconds = (performance.now() - start) / 1000;
      const status = code === 0 ? 'ok' : signal ? `killed (${signal})` : 'failed';
      recordPhase(name, seconds, status);
      console.log(`◀ ${name}: ${status} in ${Math.round(seconds)} s`);
      resolve(code === 0);
    });
  });
}

/** The server's test files that run on PostgreSQL too: they loop over the engines or need TEST_DATABASE_URL. */
function postgresFiles() {
  const found = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.test.ts') && /\bengines\b|TEST_DATABASE_URL/.test(readFileSync(full, 'utf8')))
        found.push(path.relative(path.join(root, 'apps/server'), full));
    }
  };
  walk(path.join(root, 'apps/server/src'));
  return found.sort();
}

const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const json = (file) => ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
const postgres = process.env.TEST_DATABASE_URL;

if (only !== 'e2e') {
  // Without TEST_DATABASE_URL: the suites that need PostgreSQL run in the next phase, not twice.
  await phase('Vitest (SQLite)', process.execPath, [vitest, 'run', ...json(REPORTS.vitest[0][1])], {
    TEST_ENGINES: 'sqlite',
    TEST_DATABASE_URL: null,
  });
  const files = postgres ? postgresFiles() : [];
  if (postgres && files.length > 0) {
    await phase(
      'Vitest (PostgreSQL)',
      process.execPath,
      [vitest, 'run', '--project', 'server', ...json(REPORTS.vitest[1][1]), ...files],
      { TEST_ENGINES: 'postgres' },
    );
  } else {
    console.log(`\n${postgres ? 'No test file runs on PostgreSQL' : 'TEST_DATABASE_URL is not set'}: SQLite only.`);
    recordPhase('Vitest (PostgreSQL)', 0, 'skipped');
  }
}
if (only !== 'unit') {
  const built = await phase('build (web app)', process.execPath, [
    'scripts/build.mjs',
    '--if-changed',
    '--part',
    'web',
  ]);
  if (built) {
    await phase('Playwright', 'npm', ['run', 'test', '-w', '@shopdesk/e2e'], {
      E2E_SKIP_BUILD: '1',
      PLAYWRIGHT_JSON_OUTPUT_NAME: REPORTS.playwright,
    });
  }
}

process.exit(reportSummary() ? 0 : 1);
