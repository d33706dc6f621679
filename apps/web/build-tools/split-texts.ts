import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { PUBLIC_PAGES } from './first-screen-chunks.ts';
import { chunksOfPages, keysOutside } from './texts-in-chunks.ts';

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
  'counterVariants',
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
  'receiptMail',
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
  'stockTakeVariants',
  'stores',
  'strength',
  'subscription',
  'support',
  'tills',
];

/**
 * The later namespaces the counter and everything it loads on use (its dialogs, the sale queue,
 * receipts, the camera) show: `en-US.json?counter`, which the counter's route loads instead of all
 * later texts (a till opens on the counter, whose first load has a budget of 200 KB of JavaScript,
 * product.md §9). The build fails when the counter's chunks name a key of another later namespace.
 * Screens past the counter load `?later`, all of LATER_TEXTS, these included.
 */
export const COUNTER_TEXTS = [
  'counter',
  'counterCustomer',
  'counterVariants',
  'nativeScan',
  'payment',
  'receiptActions',
  'receiptPrinter',
  'saleQueue',
  'scan',
];

/**
 * Later namespaces that pieces the counter loads on use show, each loading all later texts
 * (lib/i18n.ts, loadLaterTexts) together with its code before it renders (the receipt mail form):
 * not in the counter's texts, so its first load does not carry them.
 */
export const COUNTER_ON_USE_TEXTS = ['receiptMail'];

/**
 * Keys (`namespace.key`, a key may hold a group of texts) of other later namespaces that the
 * counter shows: the shift's opening dialog, the free plan's notices, a store field a shared chunk
 * of the counter carries. Whole namespaces would cost the counter kilobytes it never shows.
 */
export const COUNTER_KEYS = [
  'shifts.amountInvalid',
  'shifts.floatLabel',
  'shifts.open',
  'shifts.openIntro',
  'stores.urlNameFixed',
  'subscription.limitNear',
  'subscription.limitReached',
  'subscription.queueLimitHelp',
  'subscription.queueUpgrade',
  'subscription.upgradeLink',
];

/**
 * The later namespaces the public screens past the login page show (sign-up with its "check your
 * email" screen and password meter, forgot password, confirm): `en-US.json?public`, which their
 * routes load instead of all later texts (a visitor's first load has a budget of 250 KB, product.md
 * §9; the whole later part is some 22 KB of it). The build fails when their chunks name a key of
 * another later namespace. The legal page loads the later texts (`legal`). Screens past these load
 * `?later` as before.
 */
export const PUBLIC_TEXTS = ['checkEmail', 'confirm', 'forgot', 'signUp', 'strength'];

/** Keys of other later namespaces the public screens show: the sign-up's store fields (components/store-name-fields.tsx). */
export const PUBLIC_KEYS = ['stores.urlNameFixed'];

/** The pages that load `?public`, whose chunks the build checks (PUBLIC_SCREEN in src/app/router.tsx). */
const PUBLIC_TEXT_PAGES = [PUBLIC_PAGES.signUp, PUBLIC_PAGES.forgotPassword, PUBLIC_PAGES.confirm];

/** The counter's page, whose chunks the build checks against COUNTER_TEXTS and COUNTER_KEYS. */
const COUNTER_PAGE = 'src/features/counter/pages/counter-page.tsx';

/**
 * Namespaces only the item screens use (items and variants, batch labels: issue 44): a part of
 * their own, `en-US.json?items`, that the products' and cargo's screens load (lib/i18n.ts,
 * loadItemTexts), so the public screens, which load the later texts, do not carry them.
 */
export const ITEM_TEXTS = ['items', 'labelBatch'];

/**
 * The customer display's texts (issue 45): the display's own screens (`display`, the only texts
 * its public route loads, a first load of ≤ 250 KB) and the counter's dialog and the tills page's
 * list of displays (`customerDisplay`), in one part of their own, `en-US.json?display`
 * (lib/i18n/display-texts.ts; the display's pages import it), so the counter's first load carries none of them (product.md §9).
 */
export const DISPLAY_TEXTS = ['display', 'customerDisplay'];

/** Keys of later namespaces that the first screens show (the login page's link to the terms). */
export const FIRST_KEYS = ['legal.title', 'profile.title', 'cargo.offlineBanner'];

/** `texts` with only the keys of `list` (FIRST_KEYS, COUNTER_KEYS, PUBLIC_KEYS) under namespace `ns`. */
function firstKeysOf(ns: string, texts: unknown, list: readonly string[] = FIRST_KEYS): Record<string, unknown> {
  const keys = list.filter((k) => k.startsWith(`${ns}.`)).map((k) => k.slice(ns.length + 1));
  const all = texts as Record<string, unknown>;
  return Object.fromEntries(keys.map((k) => [k, all[k]]));
}

/** The parts that hold some later texts for some pages, and the pages whose chunks the build checks. */
const OWN_TEXTS = {
  counter: {
    namespaces: COUNTER_TEXTS,
    keys: COUNTER_KEYS,
    /** Pieces loaded on use that bring these namespaces with their code (the receipt mail form). */
    onUse: COUNTER_ON_USE_TEXTS,
    pages: [COUNTER_PAGE],
    who: 'The counter and what it loads',
    lists: ['COUNTER_TEXTS', 'COUNTER_KEYS'],
  },
  public: {
    namespaces: PUBLIC_TEXTS,
    keys: PUBLIC_KEYS,
    onUse: [] as string[],
    pages: PUBLIC_TEXT_PAGES,
    who: 'The sign-up, forgot password and confirm pages',
    lists: ['PUBLIC_TEXTS', 'PUBLIC_KEYS'],
  },
};

const TEXTS = /[\\/]locales[\\/]en-US\.json\?(?:import&)?(first|later|counter|public|items|display)$/;

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
        if (DISPLAY_TEXTS.includes(ns)) return part === 'display' ? [[ns, value]] : [];
        if (part === 'items' || part === 'display') return [];
        const later = LATER_TEXTS.includes(ns);
        if (part === 'later') return later ? [[ns, value]] : [];
        const own = OWN_TEXTS[part as keyof typeof OWN_TEXTS];
        if (own) {
          if (own.namespaces.includes(ns)) return [[ns, value]];
          const keys = later ? firstKeysOf(ns, value, own.keys) : {};
          return Object.keys(keys).length ? [[ns, keys]] : [];
        }
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
      const named = [...LATER_TEXTS, ...ITEM_TEXTS, ...DISPLAY_TEXTS].flatMap((ns) =>
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
      for (const [part, own] of Object.entries(OWN_TEXTS)) {
        const { code: pageCode, missing } = chunksOfPages(bundle, own.pages, first);
        if (missing.length)
          this.error(`No chunk of ${missing.join(', ')}: build-tools/split-texts.ts cannot check its texts.`);
        const outside = keysOutside(
          pageCode,
          LATER_TEXTS,
          [...own.namespaces, ...own.onUse],
          [...FIRST_KEYS, ...own.keys],
        );
        if (outside.length) {
          this.error(
            `${own.who} use ${outside.join(', ')}, which their texts (\`en-US.json?${part}\`, build-tools/split-texts.ts) ` +
              `leave out: add the namespace to ${own.lists[0]} or the key to ${own.lists[1]}.`,
          );
        }
      }
    },
  };
}
