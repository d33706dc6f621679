import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Top-level namespaces of en-US.json that only screens past the first ones use: the build leaves
 * them out of the first screens' chunk and the router loads them with those screens (lib/i18n.ts,
 * loadLaterTexts). A namespace not listed stays on the first screens, so a new one is always there.
 */
export const LATER_TEXTS = [
  'cargo',
  'catalog',
  'checkEmail',
  'closeAccount',
  'confirm',
  'counter',
  'counterCustomer',
  'forgot',
  'giftCards',
  'import',
  'invite',
  'labels',
  'legal',
  'lowStock',
  'members',
  'nativeScan',
  'pager',
  'payment',
  'printers',
  'product',
  'productForm',
  'productList',
  'productTax',
  'profile',
  'profilePhoto',
  'receiptActions',
  'receiptLink',
  'receiptPrinter',
  'receipts',
  'saleQueue',
  'sales',
  'saleSettings',
  'scan',
  'security',
  'shifts',
  'signUp',
  'statistics',
  'stock',
  'stockHistory',
  'stockTake',
  'stores',
  'strength',
  'subscription',
  'support',
  'tills',
];

/**
 * Namespaces only the item screens use (items and variants, batch labels: issue 44): a part of
 * their own, `en-US.json?items`, that the products' and cargo's screens load (lib/i18n.ts,
 * loadItemTexts), so the public screens, which load the later texts, do not carry them.
 */
export const ITEM_TEXTS = ['items', 'labelBatch'];

/** Keys of later namespaces that the first screens show (the login page's link to the terms). */
export const FIRST_KEYS = ['legal.title', 'profile.title', 'cargo.offlineBanner'];

/** `texts` with only the keys of FIRST_KEYS under namespace `ns`. */
function firstKeysOf(ns: string, texts: unknown): Record<string, unknown> {
  const keys = FIRST_KEYS.filter((k) => k.startsWith(`${ns}.`)).map((k) => k.slice(ns.length + 1));
  const all = texts as Record<string, unknown>;
  return Object.fromEntries(keys.map((k) => [k, all[k]]));
}

const TEXTS = /[\\/]locales[\\/]en-US\.json\?(?:import&)?(first|later|items)$/;

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
      const picked = Object.entries(texts).flatMap(([ns, value]): Array<[string, unknown]> => {
        if (!build) return part === 'first' ? [[ns, value]] : [];
        if (ITEM_TEXTS.includes(ns)) return part === 'items' ? [[ns, value]] : [];
        if (part === 'items') return [];
        const later = LATER_TEXTS.includes(ns);
        if (part === 'later') return later ? [[ns, value]] : [];
        if (!later) return [[ns, value]];
        const first = firstKeysOf(ns, value);
        return Object.keys(first).length ? [[ns, first]] : [];
      });
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
      const named = [...LATER_TEXTS, ...ITEM_TEXTS].flatMap((ns) =>
        [...code.matchAll(new RegExp(`["'\`](${ns}\\.[A-Za-z][A-Za-z.]*)`, 'g'))]
          .map((m) => m[1]!)
          .filter((key) => !FIRST_KEYS.includes(key)),
      );
      if (named.length) {
        this.error(
          `The first screens use ${[...new Set(named)].join(', ')}, which build-tools/split-texts.ts loads later: ` +
            `take the namespace out of LATER_TEXTS or add the key to FIRST_KEYS.`,
        );
      }
    },
  };
}
