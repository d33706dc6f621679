import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const TREES = ['apps/server/src', 'apps/web/src', 'packages/shared/src'];

/**
 * The tree's source files, tests left out. So are the architecture tests' lint probes (`zz-lint-probe`),
 * which make a cycle on purpose and may exist while those tests run beside this one.
 */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.name.startsWith('zz-lint-probe')) return [];
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test(-[a-z-]+)?\.tsx?$|\.test-(helpers|support)\.tsx?$/.test(entry.name)
      ? [path]
      : [];
  });
}

/** Every relative import of a file, `import type` and `import()` included, as absolute paths. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((i) => i.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => resolve(dirname(file), name));
}

/** The import cycles among `files`, each as the files of one strongly connected set (Tarjan). */
function cycles(files: string[]): string[][] {
  const edges = new Map(files.map((f) => [f, importsOf(f).filter((to) => to !== f)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (f: string) => {
    index.set(f, index.size);
    low.set(f, index.get(f)!);
    stack.push(f);
    onStack.add(f);
    for (const to of edges.get(f) ?? []) {
      if (!edges.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(f, Math.min(low.get(f)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(f, Math.min(low.get(f)!, index.get(to)!));
    }
    if (low.get(f) === index.get(f)) {
      const set: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        set.push(relative(ROOT, member));
      } while (member !== f);
      if (set.length > 1) found.push(set.sort());
    }
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return found;
}

/**
 * Lint's no-cycle rule skips type-only imports, so a loop closed by `import type` (db/'s
 * database.ts → write worker → write task → database.ts was one) passes it. Files that need each
 * other's types still need each other: this check reads every import, types and `import()` too.
 */
describe('import cycles', () => {
  for (const tree of TREES) {
    it(`${tree} has none, type imports included`, () => {
      const found = cycles(sourceFiles(join(ROOT, tree)));
      expect(found, found.map((files) => files.join(' ⇄ ')).join('\n')).toEqual([]);
    });
  }
});
