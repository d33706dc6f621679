import { resolve } from 'node:path';
import type { Rolldown } from 'vite';

type CodeSplittingOptions = Rolldown.CodeSplittingOptions;
type ModuleGraph = Rolldown.ChunkingContext;

/** The first screens a phone opens: the app with its shell, the login page and the home page. */
const FIRST_SCREEN_ROOTS = [
  'src/main.tsx',
  'src/features/auth/pages/login-page.tsx',
  'src/features/home/home-page.tsx',
];

/**
 * Mantine and what it builds on, and our shared package: each is imported through an index that
 * re-exports all of it, so the static closure below holds all of it, used on the first screens or
 * not. Grouped, the unused part rode along: every zod schema of shared (the counter's too) in the
 * first screens' chunk, every Mantine component a later page uses in one shared chunk that each
 * such page loaded whole. Left to rolldown, what the first screens use joins their chunk and the
 * rest is split by the pages that use it.
 */
const REEXPORTED_WHOLE =
  /node_modules[\\/](?:@mantine|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|react-transition-group|react-number-format|use-callback-ref|use-sidecar|tabbable|get-nonce)[\\/]|[\\/]packages[\\/]shared[\\/]/;

/** Every module the roots import statically, directly or not (dynamic imports stay on demand). */
function staticClosure(graph: ModuleGraph, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * Groups what the first screens import into a few large chunks (the runtime — React, router,
 * query, i18n, zod — and our own code) instead of the dozens of small shared chunks
 * rolldown makes by default: a phone on a weak connection pays a round trip for each file, and a
 * large file compresses better than many small ones. Code only other pages use keeps the default
 * splitting and loads on demand. The e2e spec first-load.spec.ts holds the resulting budget.
 */
export function firstScreenChunks(webRoot: string): CodeSplittingOptions {
  const roots = FIRST_SCREEN_ROOTS.map((r) => resolve(webRoot, r));
  const closureByPass = new WeakMap<ModuleGraph, Set<string>>();
  const firstScreenModules = (graph: ModuleGraph): Set<string> => {
    let modules = closureByPass.get(graph);
    if (!modules) closureByPass.set(graph, (modules = staticClosure(graph, roots)));
    return modules;
  };
  return {
    groups: [
      {
        debugName: 'first-screen',
        name: (id, graph) => {
          if (!firstScreenModules(graph).has(id) || REEXPORTED_WHOLE.test(id)) return null;
          return id.includes('node_modules') ? 'runtime' : 'app';
        },
      },
    ],
  };
}
