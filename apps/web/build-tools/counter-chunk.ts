import { resolve } from 'node:path';
import type { Rolldown } from 'vite';
import { dynamicImportRoots } from './module-graph.ts';

type CodeSplittingGroup = Rolldown.CodeSplittingGroup;
type ModuleGraph = Rolldown.ChunkingContext;

/**
 * Libraries imported through an index that re-exports all of them (Mantine and what it builds on,
 * our shared package): left to rolldown, as first-screen-chunks.ts leaves them, so a page takes
 * only the parts it uses.
 */
const REEXPORTED_WHOLE =
  /node_modules[\\/](?:@mantine|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|react-transition-group|react-number-format|use-callback-ref|use-sidecar|tabbable|get-nonce)[\\/]|[\\/]packages[\\/]shared[\\/]/;

interface Reach {
  /** Every module the counter page imports statically, directly or not. */
  counter: Set<string>;
  /** The sale queue's sync loop and what it imports: the counter starts it once it has queued a sale. */
  syncLoop: Set<string>;
  /** Every module some other lazily loaded part of the app imports statically. */
  elsewhere: Set<string>;
}

function reach(graph: ModuleGraph, entry: string, counterPage: string, syncLoop: string): Reach {
  const closure = (root: string, into = new Set<string>()) => {
    const stack = [root];
    while (stack.length) {
      const id = stack.pop()!;
      if (into.has(id)) continue;
      into.add(id);
      stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    return into;
  };
  const lazyRoots = dynamicImportRoots(graph, entry);
  const elsewhere = new Set<string>();
  for (const root of lazyRoots) if (root !== counterPage) closure(root, elsewhere);
  return { counter: closure(counterPage), syncLoop: closure(syncLoop), elsewhere };
}

/**
 * The counter's first load in two files, the page and what it shares with the rest of the app,
 * instead of the page and some twenty files of a few hundred bytes each (the sale queue, the
 * product copy's database, the cart, idb…): rolldown gives each set of lazy parts sharing a module
 * a chunk of its own, and a phone pays a round trip for each file. Grouped: the modules another
 * lazy part also imports (the counter's own stay in its page's chunk), and the sale queue's sync
 * loop, which the counter starts with its first sale; those other parts then load this one file,
 * some of it unused (under 10 KB gzip). What the first screens already load is taken by
 * first-screen-chunks.ts's group, which comes first.
 */
export function counterSharedChunk(webRoot: string): CodeSplittingGroup {
  const entry = resolve(webRoot, 'src/main.tsx');
  const counterPage = resolve(webRoot, 'src/features/counter/pages/counter-page.tsx');
  const syncLoop = resolve(webRoot, 'src/sync/sync-loop.ts');
  const byPass = new WeakMap<ModuleGraph, Reach>();
  return {
    // Names the group in rolldown's timing report; without it every build warns
    // "`output.codeSplitting.groups[4].name` is a function. Set … debugName".
    debugName: 'counter-shared',
    name: (id, graph) => {
      let r = byPass.get(graph);
      if (!r) byPass.set(graph, (r = reach(graph, entry, counterPage, syncLoop)));
      if (REEXPORTED_WHOLE.test(id)) return null;
      return (r.counter.has(id) && r.elsewhere.has(id)) || r.syncLoop.has(id) ? 'counter-shared' : null;
    },
  };
}
