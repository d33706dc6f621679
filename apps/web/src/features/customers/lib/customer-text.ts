import type { Customer } from '@shopdesk/shared';
import type { TFunction } from '../../../lib/i18n/types.ts';

/**
 * How a customer is named on screen: the name, else the phone (a walk-in may give only that),
 * else the member code; a deleted (anonymised) customer has neither.
 */
export function displayName(t: TFunction, c: Pick<Customer, 'name' | 'phone' | 'code'>): string {
  return c.name || c.phone || c.code || t('customers.unnamed');
}

/** The line under a name in the phone's list: furigana and phone, else the email (a row has room for two). */
export function contactLine(c: Pick<Customer, 'nameKana' | 'phone' | 'email'>): string {
  return [c.nameKana, c.phone].filter(Boolean).join(' · ') || c.email;
}
