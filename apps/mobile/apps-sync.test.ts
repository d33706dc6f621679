import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareAssets, NATIVE_ASSET_DIRS, WEB_BUILD_DIR } from '../../scripts/apps-assets.mjs';

const ROOT = join(import.meta.dirname, '../..');
const SERVER = 'https://shop.example.com';

// The CI machine has neither the Android SDK nor Xcode: apps:sync must succeed without them and
// leave both native projects holding exactly the web build it made.
describe('npm run apps:sync', () => {
  it('builds the web app for a release server and syncs identical copies into Android and iOS', () => {
    execFileSync('node', ['scripts/apps-sync.mjs'], {
      cwd: ROOT,
      env: { ...process.env, SHOPDESK_API_URL: SERVER },
      stdio: 'pipe',
    });

    const result = compareAssets();
    for (const platform of ['android', 'ios'] as const) {
      expect(result[platform]).toMatchObject({ missing: [], extra: [], different: [] });
      expect(result[platform].files).toBeGreaterThan(20);
    }

    // The build is the release one: its code calls the configured server (lib/api-base.ts).
    const assets = join(NATIVE_ASSET_DIRS.android, 'assets');
    const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(scripts.some((f) => readFileSync(join(assets, f), 'utf8').includes(SERVER))).toBe(true);
    expect(readFileSync(join(WEB_BUILD_DIR, 'index.html'), 'utf8')).toContain('<div id="root">');

    // Capacitor's own config went in with it: the app id, and no cleartext http in a release build.
    for (const file of [
      join(NATIVE_ASSET_DIRS.android, '..', 'capacitor.config.json'),
      join(NATIVE_ASSET_DIRS.ios, '..', 'capacitor.config.json'),
    ]) {
      const config = JSON.parse(readFileSync(file, 'utf8')) as { appId: string; server: { cleartext: boolean } };
      expect(config.appId).toBe('app.shopdesk.pos');
      expect(config.server.cleartext).toBe(false);
    }
  });

  it('refuses a release server that is not https', () => {
    let failure: { status: number; stderr: string } | null = null;
    try {
      execFileSync('node', ['scripts/apps-sync.mjs', '--skip-build'], {
        cwd: ROOT,
        env: { ...process.env, SHOPDESK_API_URL: 'http://shop.example.com' },
        stdio: 'pipe',
        encoding: 'utf8',
      });
    } catch (e) {
      failure = e as { status: number; stderr: string };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr).toContain('must be the server');
  });
});
