// @vitest-environment node
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SRC = join(ROOT, 'apps/web/src');
const PROBE_FEATURE = join(SRC, 'features/zz-lint-probe');
const PROBES = [
  join(SRC, 'app/zz-lint-probe.ts'),
  join(SRC, 'lib/zz-lint-probe.ts'),
  join(SRC, 'components/zz-lint-probe.ts'),
];

/**
 * The web app's dependency rules (ARCHITECTURE.md 3a and 7) hold because lint enforces them; this
 * proves lint really fails on each kind of violation and lets the allowed imports through.
 */
// Each probe is a whole ESLint run with the project's config (typed rules): slow on a loaded machine.
describe('web architecture rules enforced by lint', { timeout: 120_000 }, () => {
  let eslint: ESLint;
  const ruleIds = async (file: string, code: string) => {
    writeFileSync(file, code);
    return (await eslint.lintFiles([file])).flatMap((r) => r.messages.map((m) => m.ruleId));
  };

  beforeAll(() => {
    // Before the config loads: it lists the feature folders when it starts.
    mkdirSync(PROBE_FEATURE, { recursive: true });
    eslint = new ESLint({ cwd: ROOT });
  });
  afterAll(() => {
    rmSync(PROBE_FEATURE, { recursive: true, force: true });
    for (const file of PROBES) rmSync(file, { force: true });
  });

  it('refuses a feature importing another feature, even through its index.ts', async () => {
    const file = join(PROBE_FEATURE, 'deep.ts');
    expect(await ruleIds(file, "export { useLogin } from '../auth/api/login.ts';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await ruleIds(file, "export { checkSession } from '../auth/index.ts';\n")).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('refuses a feature importing app/, and lets it link through lib/paths.ts', async () => {
    const file = join(PROBE_FEATURE, 'app.ts');
    expect(await ruleIds(file, "export { guardRedirect } from '../../app/route-guard.ts';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await ruleIds(file, "export { router } from '../../app/router.tsx';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await ruleIds(file, "export { paths } from '../../lib/paths.ts';\n")).toEqual([]);
  });

  it('lets app/ compose a feature only through its index.ts, lazy pages included', async () => {
    const file = PROBES[0]!;
    expect(await ruleIds(file, "export { useLogin } from '../features/auth/api/login.ts';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await ruleIds(file, "export const page = () => import('../features/home/home-page.tsx');\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await ruleIds(file, "export { checkSession } from '../features/auth/index.ts';\n")).toEqual([]);
  });

  it('refuses shared code importing a feature or app/', async () => {
    expect(await ruleIds(PROBES[1]!, "export { homePages } from '../features/home/index.ts';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await ruleIds(PROBES[2]!, "export { router } from '../app/router.tsx';\n")).toContain(
      'import-x/no-restricted-paths',
    );
  });
});
