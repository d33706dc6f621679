/**
 * Kana to Latin letters (Hepburn, simplified), without a dictionary: enough to suggest a store's
 * URL name from a name in hiragana or katakana (`さくらカフェ` → `sakurakafe`). Kanji have no
 * reading without a dictionary and are left as they are, for the caller to drop.
 */
const ROWS: Record<string, string> = {
  あ: 'a',
  い: 'i',
  う: 'u',
  え: 'e',
  お: 'o',
  か: 'ka',
  き: 'ki',
  く: 'ku',
  け: 'ke',
  こ: 'ko',
  が: 'ga',
  ぎ: 'gi',
  ぐ: 'gu',
  げ: 'ge',
  ご: 'go',
  さ: 'sa',
  し: 'shi',
  す: 'su',
  せ: 'se',
  そ: 'so',
  ざ: 'za',
  じ: 'ji',
  ず: 'zu',
  ぜ: 'ze',
  ぞ: 'zo',
  た: 'ta',
  ち: 'chi',
  つ: 'tsu',
  て: 'te',
  と: 'to',
  だ: 'da',
  ぢ: 'ji',
  づ: 'zu',
  で: 'de',
  ど: 'do',
  な: 'na',
  に: 'ni',
  ぬ: 'nu',
  ね: 'ne',
  の: 'no',
  は: 'ha',
  ひ: 'hi',
  ふ: 'fu',
  へ: 'he',
  ほ: 'ho',
  ば: 'ba',
  び: 'bi',
  ぶ: 'bu',
  べ: 'be',
  ぼ: 'bo',
  ぱ: 'pa',
  ぴ: 'pi',
  ぷ: 'pu',
  ぺ: 'pe',
  ぽ: 'po',
  ま: 'ma',
  み: 'mi',
  む: 'mu',
  め: 'me',
  も: 'mo',
  や: 'ya',
  ゆ: 'yu',
  よ: 'yo',
  ら: 'ra',
  り: 'ri',
  る: 'ru',
  れ: 're',
  ろ: 'ro',
  わ: 'wa',
  ゐ: 'i',
  ゑ: 'e',
  を: 'o',
  ん: 'n',
  ゔ: 'vu',
};
const SMALL_Y: Record<string, string> = { ゃ: 'a', ゅ: 'u', ょ: 'o' };
const SMALL_VOWEL: Record<string, string> = { ぁ: 'a', ぃ: 'i', ぅ: 'u', ぇ: 'e', ぉ: 'o', ゎ: 'a' };

/** Katakana (U+30A1–U+30F6) as hiragana, so one table reads both. */
const toHiragana = (text: string) =>
  text.replace(/[\u30A1-\u30F6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));

export function kanaToRomaji(input: string): string {
  const text = toHiragana(input.normalize('NFKC'));
  let out = '';
  let doubleNext = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const next = text[i + 1] ?? '';
    if (c === 'っ') {
      doubleNext = true;
      continue;
    }
    if (c === 'ー') continue;
    let syllable = ROWS[c];
    if (syllable === undefined) {
      // Not kana (Latin letters, digits, kanji, punctuation): kept for the caller.
      syllable = SMALL_Y[c] ?? SMALL_VOWEL[c] ?? c;
    } else if (SMALL_Y[next] && syllable.endsWith('i')) {
      // きゃ kya, しゃ sha, ちゅ chu, じょ jo
      const stem = syllable.slice(0, -1);
      syllable = /(sh|ch|j)$/.test(stem) ? stem + SMALL_Y[next] : `${stem}y${SMALL_Y[next]}`;
      i++;
    } else if (SMALL_VOWEL[next]) {
      // ファ fa, ティ ti, チェ che, ウィ wi, ヴァ va
      const stem = syllable.slice(0, -1) || 'w';
      syllable = stem + SMALL_VOWEL[next];
      i++;
    }
    if (doubleNext) {
      out += syllable.startsWith('ch')
        ? 't'
        : /^[a-z]/.test(syllable) && !/^[aiueon]/.test(syllable)
          ? syllable[0]
          : '';
      doubleNext = false;
    }
    out += syllable;
  }
  return out;
}
