#!/usr/bin/env node
// `npm test`: every test. Makes sure the system tools the tests use are present (installing them
// with apt-get when running as root), then runs Vitest (unit + API, on SQLite and, when
// TEST_DATABASE_URL is set, on PostgreSQL too) and Playwright (browser flows in Debian's Chromium).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const needed = [
  { bin: '/usr/bin/chromium', pkg: 'chromium' },
  { bin: '/usr/bin/zbarimg', pkg: 'zbar-tools' },
];

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  return r.status ?? 1;
}

const missing = needed.filter((n) => !existsSync(n.bin));
if (missing.length > 0) {
  const pkgs = missing.map((m) => m.pkg).join(' ');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`Installing system packages for the tests: ${pkgs}`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (
      run('apt-get', ['update', '-qq'], { env }) !== 0 ||
      run('apt-get', ['install', '-y', '-qq', ...missing.map((m) => m.pkg)], { env }) !== 0
    ) {
      console.error(`Could not install ${pkgs}. Run: sudo apt-get update && sudo apt-get install -y ${pkgs}`);
      process.exit(1);
    }
  } else {
    console.error(`Missing system packages: ${pkgs}\nRun: sudo apt-get update && sudo apt-get install -y ${pkgs}`);
    process.exit(1);
  }
}

const only = process.argv[2];
let failed = 0;
if (only !== 'e2e') failed |= run('npx', ['vitest', 'run']);
if (only !== 'unit') failed |= run('npm', ['run', 'test', '-w', '@shopdesk/e2e']);
process.exit(failed ? 1 : 0);
