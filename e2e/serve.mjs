// Starts the real server for the browser tests on a fresh data directory (playwright.config.ts built
// the web app first).
// Mail goes to DATA_DIR/outbox as .eml files, which the specs read like a user reads their inbox.
import { spawn } from 'node:child_process';
import { rmSync, mkdirSync, symlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

// The server reads the web app through a link beside the data directory, so a spec can deploy
// another build while it runs, as a real deploy does (pwa-update.spec.ts; see e2e/support/deploy.ts).
const webDist = process.env.WEB_DIST
  ? path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.WEB_DIST)
  : path.join(root, 'apps/web/dist');
const webLink = `${dataDir}.web`;
rmSync(webLink, { force: true });
symlinkSync(webDist, webLink);

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, WEB_DIST: webLink, HOST: '127.0.0.1', NODE_ENV: 'test' },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
