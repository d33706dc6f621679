// Where `npm run apps:sync` puts the web build and where `cap sync` copies it, and a comparison of
// the copies with the build by SHA-256 of every file (used by the script and by its test).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const MOBILE_DIR = join(ROOT, 'apps/mobile');
/** capacitor.config.ts `webDir`. */
export const WEB_BUILD_DIR = join(MOBILE_DIR, 'www');
export const NATIVE_ASSET_DIRS = {
  android: join(MOBILE_DIR, 'android/app/src/main/assets/public'),
  ios: join(MOBILE_DIR, 'ios/App/App/public'),
};

/** Every file under `dir` (relative path → SHA-256); an empty map when the folder is missing. */
export function hashTree(dir) {
  const out = new Map();
  const walk = (d) => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(relative(dir, p), createHash('sha256').update(readFileSync(p)).digest('hex'));
    }
  };
  walk(dir);
  return out;
}

/**
 * For each platform: files of the build missing from its copy, files in the copy that the build
 * does not have, and files whose bytes differ. Capacitor adds one file of its own to each copy
 * (cordova.js and cordova_plugins.js), which are not part of the build.
 */
export function compareAssets() {
  const build = hashTree(WEB_BUILD_DIR);
  const added = new Set(['cordova.js', 'cordova_plugins.js']);
  const result = {};
  for (const [platform, dir] of Object.entries(NATIVE_ASSET_DIRS)) {
    const copy = hashTree(dir);
    result[platform] = {
      files: build.size,
      missing: [...build.keys()].filter((f) => !copy.has(f)),
      extra: [...copy.keys()].filter((f) => !build.has(f) && !added.has(f)),
      different: [...build.keys()].filter((f) => copy.has(f) && copy.get(f) !== build.get(f)),
    };
  }
  return result;
}
