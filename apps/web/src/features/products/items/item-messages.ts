import type { TFunction } from '../../../lib/i18n/types.ts';
import { translateMessage } from '../../../lib/describe-error.ts';

/**
 * The shared item schema's messages that carry a value ("S" is listed twice), which the messages
 * file cannot map by their whole text: read back by pattern and said in the UI's language. Any
 * other message goes through the messages file as usual.
 */
const PATTERNS: [RegExp, (m: RegExpMatchArray, t: TFunction) => string][] = [
  [/^"(.*)" is listed twice$/s, (m, t) => t('items.errors.listedTwice', { value: m[1] })],
  [/^"(.*)" is not a value of (.*)$/s, (m, t) => t('items.errors.notAValue', { value: m[1], option: m[2] })],
  [
    /^A variant needs one value for each of the (\d+) options$/,
    (m, t) => t('items.errors.oneValueEach', { count: Number(m[1]) }),
  ],
  [
    /^The name with its options is longer than (\d+) characters/,
    (m, t) => t('items.errors.nameTooLong', { max: m[1] }),
  ],
];

export function itemMessage(t: TFunction, message: string): string {
  for (const [pattern, say] of PATTERNS) {
    const match = message.match(pattern);
    if (match) return say(match, t);
  }
  return translateMessage(t, message);
}
