import { normalizeCardCode } from '@shopdesk/shared';

/**
 * What the list searches for: a card number as printed or typed in groups ("1234 5678-9012") is
 * sent as the code it stands for; names and anything with letters are sent as typed.
 */
export function searchText(typed: string): string | undefined {
  const text = typed.trim();
  if (!text) return undefined;
  return /^[\d\s-]+$/.test(text) ? normalizeCardCode(text) : text;
}
