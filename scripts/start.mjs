// `npm start`: builds what changed since the last start (scripts/build.mjs --if-changed), then runs
// the compiled server with plain Node: no TypeScript compiler in the running process. The
// `compiled` export condition makes `@shopdesk/shared` resolve to its compiled JavaScript.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

build({ ifChanged: true });

const server = spawn(process.execPath, ['--conditions=compiled', '--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  // A relative DATA_DIR or WEB_DIST means the folder the command was typed in (npm sets INIT_CWD).
  env: { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
