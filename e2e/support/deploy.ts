import { execFileSync } from 'node:child_process';
import { readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The link the test server reads the web app through (serve.mjs makes it). */
function webLink(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  return `${dataDir}.web`;
}

/** The build the server serves now. */
export function deployedWebApp(): string {
  return readlinkSync(webLink());
}

/**
 * Makes the running server serve another build, as a deploy does: a new link renamed over the
 * old one, so no request ever sees a half-switched app.
 */
export function deployWebApp(dist: string): void {
  const link = webLink();
  const next = `${link}.next`;
  rmSync(next, { force: true });
  symlinkSync(dist, next);
  renameSync(next, link);
}

/**
 * A build of the web app whose `VITE_BUILD_ID` is `id` (the page shows it as `data-build` on
 * <html>), so its files and service worker differ from the served build's. Built beside the data
 * directory from the current sources, unless `E2E_WEB_DIST_<ID>` names one already built
 * (e.g. E2E_WEB_DIST_PWA_B=/tmp/pwa-dist-b, made with VITE_BUILD_ID=pwa-b).
 */
export function webAppBuild(id: string): string {
  const given = process.env[`E2E_WEB_DIST_${id.toUpperCase().replace(/\W/g, '_')}`];
  if (given) return path.resolve(given);
  const dist = `${process.env.E2E_DATA_DIR}.${id}`;
  execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    env: { ...process.env, VITE_BUILD_ID: id },
    stdio: 'inherit',
  });
  return dist;
}
