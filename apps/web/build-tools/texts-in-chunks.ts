import type { Plugin } from 'vite';

type Bundle = Parameters<NonNullable<Extract<Plugin['generateBundle'], (...args: never[]) => unknown>>>[1];

/**
 * The code of the chunks of `pages` (paths ending `features/…-page.tsx`) and of every chunk they
 * load, statically or on use (their dialogs, the camera, the sale queue), less what the first
 * screens load (split-texts.ts checks those apart). `missing` names the pages no chunk was found
 * for: a renamed page must fail the check, not turn it off.
 */
export function chunksOfPages(
  bundle: Bundle,
  pages: readonly string[],
  firstScreens: ReadonlySet<string>,
): { code: string; missing: string[] } {
  const seen = new Set<string>();
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (seen.has(file) || firstScreens.has(file) || chunk?.type !== 'chunk') return;
    seen.add(file);
    [...chunk.imports, ...chunk.dynamicImports].forEach(visit);
  };
  const missing = pages.filter((path) => {
    const page = Object.values(bundle).find(
      (c) => c.type === 'chunk' && c.facadeModuleId?.replace(/\\/g, '/').endsWith(path),
    );
    if (page) visit(page.fileName);
    return !page;
  });
  const code = [...seen].map((file) => (bundle[file]?.type === 'chunk' ? bundle[file].code : '')).join('\n');
  return { code, missing };
}

/**
 * Keys (`namespace.key`) of `namespaces` that `code` names, once each, less those a part holds:
 * its whole namespaces (`ownNamespaces`) and its keys (`ownKeys`, a key may be a group of texts;
 * a group named for a dynamic key, "a.b.", counts as that group).
 */
export function keysOutside(
  code: string,
  namespaces: readonly string[],
  ownNamespaces: readonly string[],
  ownKeys: readonly string[],
): string[] {
  const held = (key: string) => {
    const named = key.endsWith('.') ? key.slice(0, -1) : key;
    return ownKeys.some((k) => named === k || named.startsWith(`${k}.`));
  };
  const named = namespaces
    .filter((ns) => !ownNamespaces.includes(ns))
    .flatMap((ns) =>
      [...code.matchAll(new RegExp(`["'\`](${ns}\\.[A-Za-z][A-Za-z.]*)`, 'g'))]
        .map((m) => m[1]!)
        .filter((k) => !held(k)),
    );
  return [...new Set(named)];
}
