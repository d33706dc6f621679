import ReceiptPrinterEncoder, { type ReceiptPrinterEncoderOptions } from '@point-of-sale/receipt-printer-encoder';

/**
 * Scripts that never print right from a single-byte code page even where one has their letters:
 * Han, kana and Hangul (a few kanji sit in Epson's katakana page, the rest do not), Thai and the
 * Indic scripts (vowels and tone marks stack on their consonant), Arabic (letters join and change
 * shape) and Hebrew (right to left). A line with any of them is drawn as an image.
 */
const COMPLEX_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Tamil}\p{Script=Sinhala}]/u;
/** Half-width katakana is in the printers' katakana code page, and prints fine as text. */
const HALF_WIDTH_KATAKANA = /^[\uff61-\uff9f]$/u;

export type CodepageOptions = Pick<ReceiptPrinterEncoderOptions, 'codepageMapping' | 'codepageCandidates'>;

/**
 * Whether each character can go to the printer as text: the encoder's own automatic code-page
 * selection is asked once per character (it writes `?`, 0x3f, for one it cannot map).
 */
export function printableTextProbe(options: CodepageOptions): (text: string) => boolean {
  const known = new Map<string, boolean>();
  const charPrints = (char: string): boolean => {
    if (char === '?' || (char >= ' ' && char <= '~')) return true;
    if (HALF_WIDTH_KATAKANA.test(char)) return true;
    if (COMPLEX_SCRIPT.test(char)) return false;
    let prints = known.get(char);
    if (prints === undefined) {
      const bytes = new ReceiptPrinterEncoder({ language: 'esc-pos', columns: 32, newline: '\n', ...options })
        .codepage('auto')
        .text(char)
        .encode();
      // The text comes last, before the newline that flushes the line.
      prints = bytes[bytes.length - 2] !== 0x3f;
      known.set(char, prints);
    }
    return prints;
  };
  return (text) => {
    for (const char of text) if (!charPrints(char)) return false;
    return true;
  };
}

/**
 * Characters with a plain twin the code pages carry: the full-width yen, pound and cent signs that
 * Japanese money formatting uses (￥750), and the no-break and narrow no-break spaces of `Intl`
 * dates (3:00\u202fPM). Folded before a line is sent as text, so it is not drawn as an image.
 */
const FOLDS: Record<string, string> = {
  '\uffe5': '\u00a5',
  '\uffe1': '\u00a3',
  '\uffe0': '\u00a2',
  '\u00a0': ' ',
  '\u202f': ' ',
  '\u2009': ' ',
  '\u2007': ' ',
};

export function foldForCodepage(text: string): string {
  return text.replace(/[\uffe5\uffe1\uffe0\u00a0\u202f\u2009\u2007]/g, (c) => FOLDS[c] ?? c);
}
