/**
 * Column widths of text on a receipt printer's monospaced font, where East Asian wide and
 * full-width characters take two columns (Unicode's East Asian Width W and F) and combining marks
 * take none. Used to pad a pair line ("Total ....... $12.50") to the paper's columns.
 */

// Wide and full-width ranges of UAX #11 that occur in shop texts: Hangul Jamo, CJK punctuation,
// kana, CJK ideographs and their extensions, Hangul syllables, compatibility ideographs,
// full-width forms, emoji. Half-width katakana (U+FF61–FF9F) stays one column.
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{3fffd}]/u;
const ZERO_WIDTH = /[\p{Mn}\p{Me}\u200b-\u200f\ufeff]/u;

export function charWidth(char: string): number {
  if (ZERO_WIDTH.test(char)) return 0;
  return WIDE.test(char) ? 2 : 1;
}

/** Columns `text` takes on the printer. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += charWidth(char);
  return width;
}

/** The longest start of `text` that fits `columns`, and the rest. */
export function splitAtWidth(text: string, columns: number): [string, string] {
  let width = 0;
  let end = 0;
  for (const char of text) {
    const w = charWidth(char);
    if (width + w > columns) break;
    width += w;
    end += char.length;
  }
  return [text.slice(0, end), text.slice(end)];
}

/**
 * A label and a value on one line of `columns`: the value flush right, at least one space between.
 * When both do not fit, the label gets its own lines (cut at the width, never mid-character) and
 * the value goes flush right on the last line.
 */
export function pairLines(left: string, right: string, columns: number): string[] {
  const rightWidth = displayWidth(right);
  const lines: string[] = [];
  let rest = left;
  while (displayWidth(rest) + 1 + rightWidth > columns && rest.length > 0) {
    const [head, tail] = splitAtWidth(rest, columns);
    lines.push(head);
    rest = tail.trimStart();
  }
  const gap = Math.max(1, columns - displayWidth(rest) - rightWidth);
  lines.push(rest ? rest + ' '.repeat(gap) + right : ' '.repeat(Math.max(0, columns - rightWidth)) + right);
  return lines;
}
