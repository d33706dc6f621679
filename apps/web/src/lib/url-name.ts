import { kanaToRomaji } from './kana-romaji.ts';

const BASE32 = 'abcdefghijkmnpqrstuvwxyz23456789';

/** Six letters and digits from the name (FNV-1a): the same name always suggests the same URL name. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (const unit of text) {
    hash ^= unit.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  let out = '';
  for (let i = 0; i < 6; i++) {
    out += BASE32[hash % 32];
    hash = Math.floor(hash / 32);
  }
  return out;
}

/**
 * Suggests a store URL name from a store name: lowercase ASCII letters and digits joined by single
 * hyphens, at most 32 characters. Kana are romanised (`さくらカフェ` → `sakurakafe`); a name
 * that still gives fewer than 3 characters (kanji, other scripts) gets `store-` and six letters
 * derived from it (`東京ストア` → `store-…`), which the owner may change. An empty name gives ''.
 */
export function suggestUrlName(storeName: string): string {
  const latin = kanaToRomaji(storeName)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32)
    .replace(/-+$/g, '');
  if (latin.length >= 3 || !storeName.trim()) return latin;
  return `store-${latin ? `${latin}-` : ''}${shortHash(storeName.trim())}`;
}
