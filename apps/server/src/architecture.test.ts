import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const PROBE = join(ROOT, 'apps/server/src/modules/zz-lint-probe');

/**
 * The dependency rules of ARCHITECTURE.md 3a hold because lint enforces them; this proves the lint
 * really fails on each kind of violation (a rule silently switched off would let them all in).
 * The probe files are written into the tree because no-cycle follows real files.
 */
// Each probe is a whole ESLint run with the project's config (typed rules): slow on a loaded machine.
describe('architecture rules enforced by lint', { timeout: 120_000 }, () => {
  const eslint = new ESLint({ cwd: ROOT });
  const ruleIds = async (file: string) =>
    (await eslint.lintFiles([file])).flatMap((r) => r.messages.map((m) => m.ruleId));

  beforeAll(() => {
    mkdirSync(PROBE, { recursive: true });
    writeFileSync(join(PROBE, 'a.ts'), "import { b } from './b.ts';\nexport const a = () => b;\n");
    writeFileSync(join(PROBE, 'b.ts'), "import { a } from './a.ts';\nexport const b = () => a;\n");
    writeFileSync(
      join(PROBE, 'deep.ts'),
      "import { findUserById } from '../auth/users.repo.ts';\nexport const deep = findUserById;\n",
    );
    writeFileSync(
      join(PROBE, 'through-index.ts'),
      "import { findUserById } from '../auth/index.ts';\nexport const ok = findUserById;\n",
    );
  });
  afterAll(() => rmSync(PROBE, { recursive: true, force: true }));

  it('refuses an import cycle', async () => {
    expect(await ruleIds(join(PROBE, 'a.ts'))).toContain('import-x/no-cycle');
  });

  it('refuses reaching into another module past its index.ts, and allows the index', async () => {
    expect(await ruleIds(join(PROBE, 'deep.ts'))).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(join(PROBE, 'through-index.ts'))).toEqual([]);
  });

  /** Lints `code` as a file written into `folder` of the server, then removes it. */
  const probeIn = async (folder: string, code: string) => {
    const file = join(ROOT, 'apps/server/src', folder, 'zz-lint-probe.ts');
    writeFileSync(file, code);
    try {
      return await ruleIds(file);
    } finally {
      rmSync(file, { force: true });
    }
  };

  it('refuses db/ importing lib/, and lets it use the error classes of core/', async () => {
    expect(
      await probeIn('db', "import { nodeArgon2 } from '../lib/passwords.ts';\nexport const p = nodeArgon2;\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(await probeIn('db', "import { AppError } from '../core/errors.ts';\nexport const p = AppError;\n")).toEqual(
      [],
    );
  });

  it('refuses core/ importing anything of the server', async () => {
    expect(
      await probeIn('core', "import { openDatabase } from '../db/database.ts';\nexport const p = openDatabase;\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(await probeIn('core', "import { foldText } from './text-keys.ts';\nexport const p = foldText;\n")).toEqual(
      [],
    );
  });

  it('refuses lib/ importing a module', async () => {
    expect(
      await probeIn('lib', "import { scopeOf } from '../modules/access/index.ts';\nexport const p = scopeOf;\n"),
    ).toContain('import-x/no-restricted-paths');
  });
});
