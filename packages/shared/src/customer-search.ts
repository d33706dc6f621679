/**
 * How customer search matches what a person types (product.md §5 "Customers and points"): the same
 * folding on the server (the stored search keys) and on the counter (its offline list), so a name
 * found online is found offline. NFKC makes full-width letters and digits half-width and
 * half-width katakana full-width; katakana is then read as hiragana (ヤマダ and やまだ match), and
 * case and spaces do not count.
 */

const KATAKANA_START = 0x30a1; // ァ
const KATAKANA_END = 0x30f6; // ヶ
const KANA_OFFSET = 0x60; // ァ − ぁ

/** Katakana → hiragana, code point by code point (ー and other marks stay as they are). */
function katakanaToHiragana(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    out += cp >= KATAKANA_START && cp <= KATAKANA_END ? String.fromCodePoint(cp - KANA_OFFSET) : ch;
  }
  return out;
}

/** A name, furigana, email or code as search compares it: NFKC, hiragana, lower case, no spaces. */
export function foldSearchText(text: string): string {
  return katakanaToHiragana(text.normalize('NFKC'))
    .toLowerCase()
    .replace(/[\s\u3000]+/g, '');
}

/** The digits of a phone number however typed (hyphens, spaces, brackets, full-width): "" when none. */
export function phoneDigits(text: string): string {
  return text.normalize('NFKC').replace(/\D+/g, '');
}

/**
 * The words of a name as search keys: each word folded, and the whole name folded, so "Taro
 * Yamada" is found by "yama", "taro" and "taroyamada". At most 8 keys.
 */
export function nameSearchKeys(name: string): string[] {
  const words = name
    .normalize('NFKC')
    .split(/[\s\u3000,・]+/)
    .map(foldSearchText)
    .filter((w) => w.length > 0);
  const whole = foldSearchText(name);
  return [...new Set([whole, ...words])].filter((k) => k.length > 0).slice(0, 8);
}

/** What a query is read as: digits for a phone or member code when it has enough of them, else text. */
export function readCustomerQuery(q: string): { text: string; digits: string } {
  const text = foldSearchText(q);
  const digits = phoneDigits(q);
  return { text, digits: digits.length >= 3 ? digits : '' };
}

/**
 * Whether a customer matches a query, as the server's search does (prefix of a name word, the
 * furigana, the email or the code; the phone's digits from the start or its last four): the
 * counter's offline search.
 */
export function customerMatches(
  customer: { name: string; nameKana?: string | null; phone?: string | null; email?: string | null; code: string },
  q: string,
): boolean {
  const { text, digits } = readCustomerQuery(q);
  if (text.length === 0) return true;
  const keys = [
    ...nameSearchKeys(customer.name),
    ...(customer.nameKana ? nameSearchKeys(customer.nameKana) : []),
    foldSearchText(customer.email ?? ''),
    foldSearchText(customer.code),
  ];
  if (keys.some((k) => k.startsWith(text))) return true;
  // As the server's keys: the phone's digits from the start, or its last four.
  const phone = phoneDigits(customer.phone ?? '');
  const codeDigits = phoneDigits(customer.code);
  return (
    digits.length > 0 &&
    (phone.startsWith(digits) || phone.slice(-4).startsWith(digits) || codeDigits.startsWith(digits))
  );
}

/** Member codes: "M" and 10 digits (Code 128 on cards), made by the server from a CSPRNG. */
export const MEMBER_CODE_PATTERN = /^M\d{10}$/;

/** Whether a scanned or typed code is a member code (the counter attaches a customer instead of selling). */
export function isMemberCode(code: string): boolean {
  return MEMBER_CODE_PATTERN.test(code.normalize('NFKC').trim().toUpperCase());
}
