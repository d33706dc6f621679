import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

interface LockPackage {
  version?: string;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** Whether a peer range (`^8.56.0`, `^8.57.0 || ^9.0.0`, `>=8`, `*`) takes this major version. */
function takesMajor(range: string, major: number): boolean {
  return range.split('||').some((part) => {
    const p = part.trim();
    if (p === '*' || p === '') return true;
    const m = /^(\^|~|>=|>)?\s*v?(\d+)/.exec(p);
    if (!m) return true; // a form this check does not read: npm's own resolution judges it
    const n = Number(m[2]);
    return m[1] === '>=' ? n <= major : m[1] === '>' ? n < major || p.includes('.') : n === major;
  });
}

/**
 * `npm install` printed a 19-line ERESOLVE notice: @typescript-eslint/utils 7, pulled in by
 * eslint-plugin-import-x 3, asks for ESLint 8 while the repo lints with ESLint 9. The root
 * package.json's `overrides` gives the plugin utils 8; this keeps every package of the lockfile
 * that names ESLint as a peer agreeing with the ESLint installed.
 */
describe('the lockfile', () => {
  it('has no package whose ESLint peer range excludes the installed ESLint', () => {
    const lock = JSON.parse(readFileSync(resolve(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, LockPackage>;
    };
    const eslintMajor = Number(lock.packages['node_modules/eslint']?.version?.split('.')[0]);
    expect(eslintMajor).toBeGreaterThanOrEqual(9);
    const refusing = Object.entries(lock.packages)
      .filter(([, p]) => p.peerDependencies?.eslint && !p.peerDependenciesMeta?.eslint?.optional)
      .filter(([, p]) => !takesMajor(p.peerDependencies!.eslint!, eslintMajor))
      .map(([path, p]) => `${path}@${p.version} wants eslint ${p.peerDependencies!.eslint}`);
    expect(refusing).toEqual([]);
  });
});
