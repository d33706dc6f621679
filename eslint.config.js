import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import importX from 'eslint-plugin-import-x';

// Paths are the repository's, whatever folder eslint is run from.
const ROOT = dirname(fileURLToPath(import.meta.url));
const SERVER = 'apps/server/src';
const serverModules = readdirSync(join(ROOT, SERVER, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The server's dependency direction (ARCHITECTURE.md 3a): app → modules → lib/db. lib/ and db/ are
 * leaves; a module reaches another only through that module's index.ts.
 */
const serverZones = [
  {
    target: [`${SERVER}/lib`, `${SERVER}/db`],
    from: `${SERVER}/modules`,
    message: 'lib/ and db/ are leaves: they never import a module.',
  },
  ...serverModules.flatMap((module) =>
    serverModules
      .filter((other) => other !== module)
      .map((other) => ({
        target: `${SERVER}/modules/${module}`,
        from: `${SERVER}/modules/${other}`,
        except: ['./index.ts'],
        message: `Use the ${other} module only through modules/${other}/index.ts.`,
      })),
  ),
];

const WEB = 'apps/web/src';
const webFeatures = readdirSync(join(ROOT, WEB, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The web app's dependency direction (ARCHITECTURE.md 3a and 7): app → features → components, lib.
 * A feature never imports another feature or app/ (except app/paths.ts, which imports nothing);
 * app/ composes a feature only through its index.ts; shared code imports no feature.
 */
const webZones = [
  ...webFeatures.flatMap((feature) =>
    webFeatures
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `${WEB}/features/${feature}`,
        from: `${WEB}/features/${other}`,
        message: `Features do not import each other: move what ${feature} needs of ${other} to components/ or lib/.`,
      })),
  ),
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    except: ['./paths.ts'],
    message: 'Features do not import app/ (app/paths.ts excepted); shared code goes to components/ or lib/.',
  },
  ...webFeatures.map((feature) => ({
    target: `${WEB}/app`,
    from: `${WEB}/features/${feature}`,
    except: ['./index.ts'],
    message: `app/ uses the ${feature} feature only through features/${feature}/index.ts.`,
  })),
  {
    target: [`${WEB}/components`, `${WEB}/lib`, `${WEB}/printing`, `${WEB}/scanning`, `${WEB}/sync`],
    from: `${WEB}/features`,
    message: 'Shared code does not import a feature.',
  },
  {
    target: [`${WEB}/components`, `${WEB}/lib`, `${WEB}/printing`, `${WEB}/scanning`, `${WEB}/sync`],
    from: `${WEB}/app`,
    except: ['./paths.ts'],
    message: 'Shared code does not import app/ (app/paths.ts excepted).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/web/dev-dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      // no-cycle reads the imported files itself: it must parse TypeScript to follow them.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: [`${SERVER}/**/*.ts`],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: serverZones }] },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: webZones }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
