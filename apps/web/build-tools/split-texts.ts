import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Top-level namespaces of en-US.json that only screens past the first ones use: the build leaves
 * them out of the first screens' chunk and the router loads them with those screens (lib/i18n.ts,
 * loadLaterTexts). A namespace not listed stays on the first screens, so a new one is always there.
 */
export const LATER_TEXTS = [
  'catalog',
  'checkEmail',
  'scan',
  'strength',
  'saleQueue',
  'closeAccount',
  'confirm',
  'counter',
  'forgot',
  'import',
  'labels',
  'lowStock',
  'payment',
  'printers',
  'product',
  'productForm',
  'productList',
  'sales',
  'saleSettings',
  'security',
  'signUp',
  'stock',
  'stockHistory',
  'stockTake',
  'stores',
];

const TEXTS = /[\\/]locales[\\/]en-US\.json\?(?:import&)?(first|later)$/;

/**
 * `en-US.json?first` is the file without LATER_TEXTS, `en-US.json?later` only those: English is
 * bundled with the app, and most of it is the texts of screens a first load never shows. Only in a
 * build: in development and in tests the first part is the whole file. The build fails when the first
 * screens' chunks name a key of a later namespace, which would show as the bare key there.
 */
export function splitTexts(): Plugin {
  let build = false;
  return {
    name: 'shopdesk:split-texts',
    enforce: 'pre',
    configResolved(config) {
      build = config.command === 'build';
    },
    load(id) {
      const part = TEXTS.exec(id)?.[1];
      if (!part) return null;
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const picked = Object.entries(texts).filter(([ns]) =>
        build ? LATER_TEXTS.includes(ns) === (part === 'later') : part === 'first',
      );
      return { code: JSON.stringify(Object.fromEntries(picked)), moduleType: 'json' };
    },
    generateBundle(_options, bundle) {
      if (!build) return;
      // The entry and every chunk it imports statically: what the first screens load.
      const first = new Set<string>();
      const visit = (file: string) => {
        const chunk = bundle[file];
        if (first.has(file) || chunk?.type !== 'chunk') return;
        first.add(file);
        chunk.imports.forEach(visit);
      };
      for (const [file, chunk] of Object.entries(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(file);
      const code = [...first].map((file) => (bundle[file]?.type === 'chunk' ? bundle[file].code : '')).join('\n');
      const named = LATER_TEXTS.filter((ns) => new RegExp(`["'\`]${ns}\\.[A-Za-z]`).test(code));
      if (named.length) {
        this.error(
          `The first screens use texts of ${named.join(', ')}, which build-tools/split-texts.ts loads later: ` +
            `take them out of LATER_TEXTS.`,
        );
      }
    },
  };
}
