import { resolve } from 'node:path';
import type { Rolldown } from 'vite';
import { dynamicImportRoots } from './module-graph.ts';

type CodeSplittingOptions = Rolldown.CodeSplittingOptions;
type CodeSplittingGroup = Rolldown.CodeSplittingGroup;
type ModuleGraph = Rolldown.ChunkingContext;

/** The app with its shell: what every route loads first, the counter too. */
const ENTRY = 'src/main.tsx';

/**
 * The first screens that are routes of their own (FIRST_SCREEN in src/app/router.tsx): each gets a
 * chunk of what only it adds. first-screen-styles.ts checks their Mantine styles.
 */
export const FIRST_SCREEN_PAGES = {
  login: 'src/features/auth/pages/login-page.tsx',
  home: 'src/features/home/home-page.tsx',
};

/**
 * The public screens past the login page (a visitor's first load too: ≤ 250 KB in ≤ 15 requests).
 * They are styled by first-screen.css like the first screens (first-screen-styles.ts), and what
 * they add is grouped in one `public` chunk (publicScreensChunk).
 */
export const PUBLIC_PAGES = {
  signUp: 'src/features/auth/pages/sign-up-page.tsx',
  forgotPassword: 'src/features/auth/pages/forgot-password-page.tsx',
  confirm: 'src/features/auth/pages/confirm-page.tsx',
  legal: 'src/features/legal/legal-page.tsx',
};

/** The counter: a first screen too, whose own chunks build-tools/counter-chunk.ts groups. */
const COUNTER_PAGE = 'src/features/counter/pages/counter-page.tsx';

/**
 * Indexes that re-export a whole package. A module importing one is taken to use only the modules
 * of the names it imports. Followed whole, every page would seem to use all of Mantine and every
 * schema of shared (and so zod): grouped, all of it rode into the first screens' chunk; left out,
 * rolldown still pulls what a grouped module really uses into its group (includeDependencies-
 * Recursively), so the login page's Mantine inputs went wherever the login page went, and the
 * counter, which uses some of them, loaded the login page's chunk to get them.
 */
const BARRELS: [specifier: string, id: RegExp][] = [
  ['@mantine/core', /[\\/]@mantine[\\/]core[\\/]esm[\\/]index\.mjs$/],
  ['@mantine/hooks', /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/],
  ['@shopdesk/shared', /[\\/]packages[\\/]shared[\\/]src[\\/]index\.ts$/],
];

/** zod: a chunk of its own, for the pages with a form (the login page among them). */
const ZOD = /node_modules[\\/]zod[\\/]/;

// Import and re-export statements of a module's code (TypeScript's type-only imports are gone).
const NAMED_IMPORT = /\b(?:import|export)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
// A namespace or default import, or `export *`: the whole barrel is followed.
const OTHER_IMPORT =
  /\b(?:import\s*(?:\*\s*as\s*[\w$]+|[\w$]+)\s*(?:,\s*\{[^}]*\}\s*)?|export\s*\*\s*(?:as\s*[\w$]+\s*)?)from\s*["']([^"']+)["']/g;

/** The modules a barrel's names come from (null: follow the whole barrel). */
function throughBarrel(graph: ModuleGraph, code: string, specifier: string, barrel: string): string[] | null {
  if ([...code.matchAll(OTHER_IMPORT)].some((m) => m[1] === specifier)) return null;
  const names = [...code.matchAll(NAMED_IMPORT)]
    .filter((m) => m[2] === specifier)
    .flatMap((m) => m[1]!.split(','))
    .map((n) => n.trim().split(/\s+as\s+/)[0]!)
    .filter(Boolean);
  const from = graph.getModuleInfo(barrel)?.importedIds ?? [];
  const found: string[] = [];
  for (const name of names) {
    const source = from.find((dep) => graph.getModuleInfo(dep)?.exports.includes(name));
    if (!source) return null;
    found.push(source);
  }
  return found;
}

/** What a module imports statically, a barrel replaced by the modules of the names taken from it. */
function importsOf(graph: ModuleGraph, id: string): string[] {
  const info = graph.getModuleInfo(id);
  if (!info) return [];
  const out: string[] = [];
  for (const dep of info.importedIds) {
    const barrel = BARRELS.find(([, test]) => test.test(dep));
    const through = barrel && info.code !== null ? throughBarrel(graph, info.code, barrel[0], dep) : null;
    out.push(...(through ?? [dep]));
  }
  return out;
}

/** Every module the roots import statically, directly or not (dynamic imports stay on demand). */
function staticClosure(graph: ModuleGraph, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...importsOf(graph, id));
  }
  return seen;
}

interface FirstScreens {
  /** The entry's static closure: the shell and the runtime it needs. */
  entry: Set<string>;
  /** What two or more of the first screens (login, home, the counter) add to the entry's. */
  common: Set<string>;
  /** Per first-screen page, what only it adds. */
  pages: [name: string, modules: Set<string>][];
}

function firstScreens(graph: ModuleGraph, webRoot: string): FirstScreens {
  const entry = staticClosure(graph, [resolve(webRoot, ENTRY)]);
  const added = (root: string) =>
    new Set([...staticClosure(graph, [resolve(webRoot, root)])].filter((id) => !entry.has(id)));
  const pages = Object.entries(FIRST_SCREEN_PAGES).map(([name, page]): [string, Set<string>] => [name, added(page)]);
  const screens = [...pages.map(([, modules]) => modules), added(COUNTER_PAGE)];
  const common = new Set<string>();
  for (const [i, a] of screens.entries())
    for (const b of screens.slice(i + 1)) for (const id of a) if (b.has(id)) common.add(id);
  for (const [, modules] of pages) for (const id of common) modules.delete(id);
  return { entry, common, pages };
}

/**
 * Groups the entry's static closure (React, query, the Mantine parts the shell uses, our shell) into
 * one large `app` chunk instead of the dozens of small shared chunks rolldown makes by default: a
 * phone on a weak connection pays a round trip for each file, and a large file compresses better
 * than many small ones. Every route loads it, so it holds only what the entry needs. What two or
 * more first screens (login, home, the counter) add goes to `first-screens`, what only the login
 * page or only home adds to a chunk of that page (`login`, `home`), zod to `zod` (forms only: no
 * answer is parsed in the browser, see lib/api-client.ts), and code only other pages use keeps the
 * default splitting and loads on demand. The e2e spec first-load.spec.ts holds the budgets.
 */
export function firstScreenChunks(webRoot: string): CodeSplittingOptions {
  const byPass = new WeakMap<ModuleGraph, FirstScreens>();
  const reach = (graph: ModuleGraph): FirstScreens => {
    let found = byPass.get(graph);
    if (!found) byPass.set(graph, (found = firstScreens(graph, webRoot)));
    return found;
  };
  // Separate groups, in this order: a group takes, with each module it names, what that module
  // imports and no earlier group took, so what several screens share must be named first.
  return {
    groups: [
      {
        debugName: 'entry',
        name: (id, graph) => (reach(graph).entry.has(id) ? 'app' : null),
      },
      { debugName: 'zod', name: (id) => (ZOD.test(id) ? 'zod' : null) },
      { debugName: 'first-screens', name: (id, graph) => (reach(graph).common.has(id) ? 'first-screens' : null) },
      {
        debugName: 'first-screen-pages',
        name: (id, graph) => reach(graph).pages.find(([, modules]) => modules.has(id))?.[0] ?? null,
      },
    ],
  };
}

interface PublicReach {
  /** Every module the public pages import statically (the pages themselves left out). */
  modules: Set<string>;
  /** Every module the counter page imports statically: left as it was (its budget). */
  counter: Set<string>;
  /** Every module another lazily loaded part of the app (a page, a dialog…) imports statically. */
  elsewhere: Set<string>;
}

function publicReach(graph: ModuleGraph, webRoot: string, pages: string[]): PublicReach {
  const lazyRoots = dynamicImportRoots(graph, resolve(webRoot, ENTRY));
  const modules = staticClosure(graph, pages);
  for (const page of pages) modules.delete(page);
  const others = [...lazyRoots].filter((root) => !pages.includes(root));
  return {
    modules,
    counter: staticClosure(graph, [resolve(webRoot, COUNTER_PAGE)]),
    elsewhere: staticClosure(graph, others),
  };
}

/**
 * What the public screens (PUBLIC_PAGES) add to the first screens, in two chunks: left to
 * rolldown, the sign-up page's selects (Combobox, Popover, floating-ui, ScrollArea…) came as some
 * twenty files of one or two KB, 30 requests in all on a cold load. `public` holds what only they
 * use (the currency and time zone fields, the password meter…); `public-shared` what other lazily
 * loaded parts use too (the select's Mantine parts, which a menu or a dialog also needs), so those
 * do not load the public screens' own code. The pages stay chunks of their own (each route loads
 * its page). What the counter page also loads goes to a `public-counter` chunk of its own, so the
 * counter loads none of the public screens' code. Comes after the counter's group.
 */
export function publicScreensChunks(webRoot: string): CodeSplittingGroup[] {
  const pages = Object.values(PUBLIC_PAGES).map((page) => resolve(webRoot, page));
  const byPass = new WeakMap<ModuleGraph, PublicReach>();
  const reachOf = (graph: ModuleGraph) => {
    let r = byPass.get(graph);
    if (!r) byPass.set(graph, (r = publicReach(graph, webRoot, pages)));
    return r;
  };
  return [
    // A group takes what its modules import as well: what the counter loads too (VisuallyHidden,
    // which FocusTrap imports) is named first, so it does not ride into `public-shared` and make
    // the counter load that file (and zod, and the login chunk with it).
    {
      debugName: 'public-counter',
      name: (id, graph) => {
        const r = reachOf(graph);
        return r.modules.has(id) && r.counter.has(id) ? 'public-counter' : null;
      },
    },
    {
      debugName: 'public',
      name: (id, graph) => {
        const r = reachOf(graph);
        if (!r.modules.has(id) || r.counter.has(id)) return null;
        return r.elsewhere.has(id) ? 'public-shared' : 'public';
      },
    },
  ];
}
