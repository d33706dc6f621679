import type { Rolldown } from 'vite';

type ModuleGraph = Rolldown.ChunkingContext;

/**
 * Every target of a dynamic import in the app (pages, dialogs, the sync loop…), found by walking
 * from the entry through static and dynamic imports alike: the roots of the lazily loaded parts.
 */
export function dynamicImportRoots(graph: ModuleGraph, entry: string): Set<string> {
  const seen = new Set<string>();
  const roots = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    stack.push(...info.importedIds, ...info.dynamicallyImportedIds);
    for (const target of info.dynamicallyImportedIds) roots.add(target);
  }
  return roots;
}
