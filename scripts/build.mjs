// `npm run build`: builds the web app (Vite, into apps/web/dist) and compiles the server and the
// shared package to JavaScript (tsc, into their dist folders). `--if-changed` (used by `npm start`)
// builds only a part whose sources changed since its last build: each build leaves a hash of its
// inputs in its output folder, compared on the next start. `--part web` (or `server`) builds that
// part only (the browser tests need only the web app).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = '.source-hash';
/** Never inputs: outputs, installed packages, caches and tests (they change no build). */
const SKIP = /(^|\/)(node_modules|dist|\.vite|coverage|test-results)(\/|$)|\.test\.tsx?$/;

/** Every file under `entries` (files or folders, relative to the root), sorted. */
function filesOf(entries) {
  const found = [];
  const walk = (rel) => {
    if (SKIP.test(rel)) return;
    const full = path.join(root, rel);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) for (const name of readdirSync(full)) walk(path.posix.join(rel, name));
    else found.push(rel);
  };
  entries.forEach(walk);
  return found.sort();
}

/** One hash of the names and contents of a part's inputs. */
function hashOf(entries) {
  const hash = createHash('sha256');
  for (const rel of filesOf(entries))
    hash
      .update(`${rel}\0`)
      .update(readFileSync(path.join(root, rel)))
      .update('\0');
  return hash.digest('hex');
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const shared = ['packages/shared/src', 'packages/shared/package.json', 'packages/shared/tsconfig.json'];
const common = ['package-lock.json', 'tsconfig.base.json'];

const parts = [
  {
    key: 'web',
    name: 'web app',
    out: 'apps/web/dist',
    main: 'index.html',
    inputs: ['apps/web', ...shared, ...common],
    build: () => run('npm', ['run', 'build', '-w', '@shopdesk/web']),
  },
  {
    key: 'server',
    name: 'server',
    out: 'apps/server/dist',
    main: 'main.js',
    inputs: [
      'apps/server/src',
      'apps/server/package.json',
      'apps/server/tsconfig.json',
      'apps/server/tsconfig.build.json',
      ...shared,
      'packages/shared/tsconfig.build.json',
      ...common,
    ],
    build: () => {
      // From empty folders: a file deleted from the sources (a migration above all) must not live on.
      rmSync(path.join(root, 'packages/shared/dist'), { recursive: true, force: true });
      rmSync(path.join(root, 'apps/server/dist'), { recursive: true, force: true });
      run(process.execPath, [tsc, '-p', 'packages/shared/tsconfig.build.json']);
      run(process.execPath, [tsc, '-p', 'apps/server/tsconfig.build.json']);
    },
  },
];

/**
 * Builds every part (or the one `only` names: `web`, `server`), or with `ifChanged` only those
 * whose inputs changed; says which it skipped.
 */
export function build({ ifChanged = false, only } = {}) {
  for (const part of parts.filter((p) => !only || p.key === only)) {
    const stamp = path.join(root, part.out, STAMP);
    const hash = hashOf(part.inputs);
    const built = existsSync(path.join(root, part.out, part.main)) && existsSync(stamp);
    if (ifChanged && built && readFileSync(stamp, 'utf8') === hash) {
      console.log(`The ${part.name} is up to date (${part.out}); not rebuilding.`);
      continue;
    }
    console.log(`Building the ${part.name}…`);
    part.build();
    writeFileSync(stamp, hash);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const only = process.argv.includes('--part') ? process.argv[process.argv.indexOf('--part') + 1] : undefined;
  if (only && !parts.some((p) => p.key === only)) {
    console.error(`--part must be one of: ${parts.map((p) => p.key).join(', ')}`);
    process.exit(2);
  }
  build({ ifChanged: process.argv.includes('--if-changed'), only });
}
