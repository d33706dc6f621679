// Starts the real server for the browser tests on a fresh data directory (playwright.config.ts built
// the web app first).
// Mail goes through a real SMTP server (smtp-server, started here) which files every message it
// receives in DATA_DIR/outbox as an .eml file, which the specs read like a user reads their inbox.
import { spawn } from 'node:child_process';
import { rmSync, mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';
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

// The app sends with SMTP_URL like a production install; what arrives is what a mail client gets.
const outbox = path.join(dataDir, 'outbox');
mkdirSync(outbox, { recursive: true });
let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${String(++received).padStart(5, '0')}.eml`);
      // Written whole, then named: a spec polling the outbox never reads half a message.
      writeFileSync(`${file}.part`, Buffer.concat(chunks));
      renameSync(`${file}.part`, file);
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${smtp.server.address().port}`;

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    WEB_DIST: webLink,
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    SMTP_URL: smtpUrl,
    // Playwright's API client reuses a keep-alive socket without retrying when the server closes it
    // idle at that very moment (ECONNRESET; a browser resends). Idle sockets outlive any spec here.
    HTTP_KEEP_ALIVE_TIMEOUT_MS: '600000',
  },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => {
  smtp.close();
  process.exit(code ?? 0);
});
