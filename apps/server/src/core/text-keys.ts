/** Lowercase without accents ("Éclair" → "eclair"), so sorting and searching ignore both. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * A digit run as text that sorts by its number: leading zeros dropped, then prefixed with its
 * length (one digit up to 8 digits long, `9` and three digits beyond), so "2" → "12" sorts before
 * "10" → "210" in any byte order. Names are at most 120 characters, so three digits always suffice.
 */
function numberKey(digits: string): string {
  const value = digits.replace(/^0+(?=\d)/, '');
  const length = value.length <= 8 ? String(value.length) : `9${String(value.length).padStart(3, '0')}`;
  return length + value;
}

/**
 * The key products sort by name: folded (case and accents ignored) and natural, so "Green tea 2"
 * comes before "Green tea 10". Stored in `products.name_key` and compared bytewise by both engines
 * (SQLite's BINARY collation, a C collation on PostgreSQL), so one function decides the order.
 */
export function nameSortKey(name: string): string {
  return foldText(name).replace(/\d+/g, numberKey);
}
