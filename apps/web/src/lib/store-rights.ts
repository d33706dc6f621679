import { hasPermission, OWNER_RIGHTS, type Permission, type StoreRights } from '@shopdesk/shared';
import { useMemo } from 'react';
import { useTranslation } from './i18n/use-translation.ts';
import { useSession } from './session-store.ts';
import { tillScreenRights } from './till/till-rights.ts';
import { isTill, useTill } from './till/till-state.ts';

/** What a screen or an action asks of the member: a permission of product.md §2, or the owner. */
export type Need = Permission | 'OWNER';

/**
 * The screens (paths under `/{store}/`) a member needs something for, as the server's routes
 * declare it (modules/*\/*.routes.ts): the longest matching prefix wins; any other screen is open
 * to every member. The navigator, home and the shell's guard read this one list.
 */
const SCREEN_NEEDS: [prefix: string, need: Need][] = [
  ['stock/new', 'PRODUCTS'],
  ['stock/edit', 'PRODUCTS'],
  ['stock/items', 'PRODUCTS'],
  ['shop/counter', 'SELL'],
  ['shop/shift', 'SHIFTS'],
  ['shop/statistic', 'REPORTS'],
  ['shop/activity', 'REPORTS'],
  // Customers' contact details and totals are REPORTS' (the counter's own search needs only SELL).
  ['shop/customers', 'REPORTS'],
  // Gift cards' codes are bearer secrets and their ledger is the store's liability: REPORTS.
  ['shop/gift-cards', 'REPORTS'],
  ['cargo/manage/new', 'CARGO'],
  // A store's details, sale settings and receipt template (the list of one's stores is open to all).
  ['profile/store/*', 'SETTINGS'],
  ['profile/store/*/members', 'MEMBERS'],
  // Paying is the store owner's (a member's own stores have their own subscription screen there).
  ['profile/subscription', 'OWNER'],
];

/** Whether `path` is the screen `prefix` or below it; `*` stands for one path segment. */
function matches(path: string, prefix: string): boolean {
  const want = prefix.split('/');
  const have = path.split('/');
  return have.length >= want.length && want.every((part, i) => part === '*' || part === have[i]);
}

/** What the screen at `relative` (a path under the store, no leading slash) needs, or null. */
export function screenNeed(relative: string): Need | null {
  const path = relative.replace(/^\/+|\/+$/g, '');
  let best: [string, Need] | null = null;
  for (const entry of SCREEN_NEEDS) {
    const [prefix] = entry;
    if (matches(path, prefix) && (!best || prefix.length > best[0].length)) best = entry;
  }
  return best?.[1] ?? null;
}

/** Whether `rights` meet `need` (null: nothing needed). */
export function may(rights: StoreRights, need: Need | null): boolean {
  if (!need) return true;
  return need === 'OWNER' ? rights.role === 'OWNER' : hasPermission(rights, need);
}

/**
 * The caller's rights in the store on screen, as the server answered them with the store; a
 * server from before staff sends none (its users own every store they see). Null while the store
 * is not known yet. On a till, what its screens offer the member unlocked there (till-rights.ts).
 */
export function useStoreRights(): StoreRights | null {
  const sessionRights = useSession((s) => (s.virtualStore ? (s.virtualStore.rights ?? OWNER_RIGHTS) : null));
  const onTill = useTill(isTill);
  const member = useTill((s) => s.member);
  const roster = useTill((s) => s.roster);
  const tillRights = useMemo(() => (onTill ? tillScreenRights(member, roster) : null), [onTill, member, roster]);
  return tillRights ?? sessionRights;
}

/**
 * Whether the member may do what needs `need` here, and if not, why (a sentence to show beside
 * the disabled control). Allowed while the store is not known yet: the server decides anyway.
 */
export function usePermission(need: Need): { allowed: boolean; reason: string } {
  const { t } = useTranslation();
  const rights = useStoreRights();
  const allowed = !rights || may(rights, need);
  return { allowed, reason: allowed ? '' : needText(t, need) };
}

/** "You need the Products permission…" / "Only the store's owner…", in the screen's language. */
export function needText(t: (key: string, values?: Record<string, string>) => string, need: Need): string {
  return need === 'OWNER'
    ? t('rights.ownerOnly')
    : t('rights.needPermission', { permission: t(`rights.permission.${need}`) });
}
