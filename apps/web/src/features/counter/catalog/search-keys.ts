/**
 * How the local product copy is searched offline without reading 100k records: every product
 * carries a few index keys (a multiEntry IndexedDB index), and a search reads only the keys that
 * start with one of its terms, stopping as soon as it has enough matches.
 *
 * Keys are the lower-cased NFKC words of the name and brand, and the code. A word written in a
 * script without spaces (Japanese, Chinese) also gets its suffixes as keys, so "牛乳" finds
 * "明治おいしい牛乳": a prefix of a suffix is a substring. Latin words only match from their start
 * ("choc" finds "Dark chocolate", "late" does not), which is what a cashier types.
 */
const MAX_KEYS = 24;
const MAX_KEY_CHARS = 40;
const SPACELESS = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff66-\uff9f]/;

/** Lower case, full-width letters and digits folded to ASCII (NFKC), for keys and queries alike. */
export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** The whitespace- and punctuation-separated words of `text`, normalized. */
export function words(text: string): string[] {
  return normalize(text)
    .split(/[\s,.;:!?/\\()[\]{}"'`|+*&・、。「」（）]+/u)
    .filter(Boolean);
}

/** The index keys of one product (see above), at most MAX_KEYS, each at most MAX_KEY_CHARS. */
export function searchKeys(name: string, brand: string, code: string): string[] {
  const keys = new Set<string>();
  const add = (k: string) => {
    if (keys.size < MAX_KEYS) keys.add(k.slice(0, MAX_KEY_CHARS));
  };
  const all = [...words(name), ...words(brand)];
  for (const w of all) add(w);
  add(normalize(code));
  for (const w of all) {
    if (!SPACELESS.test(w)) continue;
    for (let i = 1; i < w.length; i++) add(w.slice(i));
  }
  return [...keys];
}

/** The text every term of a query must occur in, like the server's search (code, name, brand). */
export function haystack(name: string, brand: string, code: string): string {
  return normalize(`${code} ${name} ${brand}`);
}

/** The distinct terms of a query, at most 5 like the server's search, each cut to a key's length. */
export function queryTerms(text: string): string[] {
  return [...new Set(words(text).map((t) => t.slice(0, MAX_KEY_CHARS)))].slice(0, 5);
}
