import type { Texts } from './types.ts';

/** Copies `from` into `into`, merging nested objects; `overwrite` lets `from` replace existing texts. */
function deepMerge(into: Texts, from: Texts, overwrite: boolean): void {
  for (const [key, value] of Object.entries(from)) {
    const current = into[key];
    if (typeof value === 'object' && typeof current === 'object') deepMerge(current, value, overwrite);
    else if (current === undefined || overwrite) into[key] = typeof value === 'object' ? structuredClone(value) : value;
  }
}

/** Texts by language and namespace ('translation' for the UI, 'messages' for the server's sentences). */
export class ResourceStore {
  private readonly data: Record<string, Record<string, Texts>> = {};

  has(lng: string, ns: string): boolean {
    return this.data[lng]?.[ns] !== undefined;
  }

  /**
   * Adds texts as i18next's addResourceBundle did: shallowly over the namespace's texts, or with `deep`
   * merged into them, existing texts kept unless `overwrite`.
   */
  add(lng: string, ns: string, texts: Texts, deep = false, overwrite = false): void {
    const byNs = (this.data[lng] ??= {});
    const current = byNs[ns] ?? {};
    if (deep) {
      const merged = structuredClone(current);
      deepMerge(merged, texts, overwrite);
      byNs[ns] = merged;
    } else {
      byNs[ns] = { ...current, ...texts };
    }
  }

  /**
   * The value at `key`: a dotted path into the nested texts, or with `keySeparator` false one flat name.
   * (No name in the locale files holds a dot: locale-files.test.ts keeps it so.)
   */
  get(lng: string, ns: string, key: string, keySeparator: string | false = '.'): unknown {
    let node: unknown = this.data[lng]?.[ns];
    for (const name of keySeparator === false ? [key] : key.split(keySeparator)) {
      if (typeof node !== 'object' || node === null || !Object.hasOwn(node, name)) return undefined;
      node = (node as Record<string, unknown>)[name];
    }
    return node;
  }
}
