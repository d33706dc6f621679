import { randomInt } from 'node:crypto';
import { STORED_VALUE_CODE_LENGTH } from '@shopdesk/shared';

/**
 * A new card's code: STORED_VALUE_CODE_LENGTH digits from a CSPRNG (53 bits: a code is the card's
 * bearer secret, and guessing one is bounded by the lookup's rate limit). Digits scan compactly as
 * Code 128 and type on a number pad; the first is never 0, so a spreadsheet keeps them all.
 */
export function newCardCode(): string {
  let code = String(randomInt(1, 10));
  while (code.length < STORED_VALUE_CODE_LENGTH) code += String(randomInt(0, 10));
  return code;
}
