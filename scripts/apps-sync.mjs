#!/usr/bin/env node
// `npm run apps:sync`: builds the web app for the Android and iOS apps into apps/mobile/www and
// copies it into both native projects with `cap sync`, then checks that the copies match the build.
// Needs neither the Android SDK nor Xcode (CocoaPods' `pod install` is skipped when `pod` is missing
// and runs on a Mac that has it).
//
//   SHOPDESK_API_URL=https://shop.example.com npm run apps:sync   release: the apps call this server
//   npm run apps:sync                                              development: the emulator and the
//                                      simulator call the developer's machine (apps/web/src/lib/api-base.ts)
//   SHOPDESK_DEV_API_PORT=8080                                     the development server's port (3000)
//   npm run apps:sync -- --skip-build                              sync the existing apps/mobile/www
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareAssets, MOBILE_DIR, NATIVE_ASSET_DIRS, WEB_BUILD_DIR } from './apps-assets.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const skipBuild = process.argv.includes('--skip-build');

const apiUrl = process.env.SHOPDESK_API_URL?.trim() ?? '';
if (apiUrl) {
  let parsed;
  try {
    parsed = new URL(apiUrl);
  } catch {
    parsed = null;
  }
  // A release app holds the cashier's session token: it talks to its server over https only.
  if (!parsed || parsed.protocol !== 'https:' || parsed.pathname !== '/' || parsed.search || parsed.hash) {
    console.error(`SHOPDESK_API_URL must be the server's https origin, e.g. https://shop.example.com (got ${apiUrl})`);
    process.exit(1);
  }
}
const devPort = process.env.SHOPDESK_DEV_API_PORT?.trim() ?? '';
if (devPort && !/^\d{1,5}$/.test(devPort)) {
  console.error(`SHOPDESK_DEV_API_PORT must be a port number (got ${devPort})`);
  process.exit(1);
}

function run(cmd, args, cwd, env = {}) {
  console.log(`\n$ ${[cmd, ...args].join(' ')}   (in ${cwd.replace(ROOT + '/', '')})`);
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (!skipBuild) {
  // Vite reads VITE_* from the environment; an empty value is the development build.
  run(
    'npx',
    ['vite', 'build', '--mode', 'native', '--outDir', WEB_BUILD_DIR, '--emptyOutDir', '--logLevel', 'warn'],
    join(ROOT, 'apps/web'),
    { VITE_API_URL: apiUrl ? new URL(apiUrl).origin : '', VITE_DEV_API_PORT: devPort },
  );
} else if (!existsSync(join(WEB_BUILD_DIR, 'index.html'))) {
  console.error(`--skip-build: there is no build in ${WEB_BUILD_DIR}`);
  process.exit(1);
}

run('npx', ['cap', 'sync'], MOBILE_DIR, { SHOPDESK_API_URL: apiUrl });

const result = compareAssets();
for (const [platform, dir] of Object.entries(NATIVE_ASSET_DIRS)) {
  const r = result[platform];
  if (r.missing.length || r.extra.length || r.different.length) {
    console.error(`\n${platform}: ${dir} does not match the build:`, r);
    process.exit(1);
  }
  console.log(`${platform}: ${r.files} files in ${dir.replace(ROOT + '/', '')} match the build`);
}
console.log(apiUrl ? `\nRelease build for ${apiUrl}` : '\nDevelopment build (10.0.2.2 on Android, localhost on iOS)');
