import type { ComponentType } from 'react';
import {
  IconAlert,
  IconBox,
  IconCard,
  IconCart,
  IconCash,
  IconChart,
  IconGrid,
  IconHome,
  IconList,
  IconLock,
  IconPlus,
  IconPrinter,
  IconReceipt,
  IconScan,
  IconStore,
  IconTruck,
  IconUser,
  IconUsers,
} from '../../components/icons.tsx';

/**
 * Navigator entries (original.md §3 "Navigation item": id, name, path, pathName, children, icon).
 * `name` is an i18n key; `path` is relative to the store, '' being its home.
 */
export interface NavItem {
  id: string;
  name: string;
  path: string;
  pathName: string;
  icon: ComponentType<{ size?: number }>;
  children?: NavItem[];
  /** False while the screen is not built: the entry shows "coming soon" and does not open. */
  ready: boolean;
}

const leaf = (id: string, name: string, path: string, icon: NavItem['icon'], ready = true): NavItem => ({
  id,
  name,
  path,
  pathName: id,
  icon,
  ready,
});

export const NAV_ITEMS: NavItem[] = [
  leaf('home', 'nav.home', '', IconHome),
  {
    ...leaf('cargo', 'nav.cargo', 'cargo/manage', IconTruck),
    children: [
      leaf('cargo-new', 'nav.createCargo', 'cargo/manage/new', IconPlus),
      leaf('cargo-manage', 'nav.manageCargo', 'cargo/manage', IconList),
    ],
  },
  {
    ...leaf('inventory', 'nav.inventory', 'stock/list', IconBox),
    children: [
      leaf('stock-scan', 'nav.scan', 'stock/scan', IconScan),
      leaf('stock-new', 'nav.addProduct', 'stock/new', IconPlus),
      leaf('stock-list', 'nav.productList', 'stock/list', IconList),
      leaf('stock-catalog', 'nav.catalog', 'stock/inventory-catalog', IconGrid),
    ],
  },
  {
    ...leaf('shop', 'nav.shop', 'shop/counter', IconCart),
    children: [
      leaf('shop-counter', 'nav.counter', 'shop/counter', IconCash),
      leaf('shop-list', 'nav.transactions', 'shop/list', IconReceipt),
      leaf('shop-shift', 'nav.shift', 'shop/shift', IconLock),
      leaf('shop-customers', 'nav.customers', 'shop/customers', IconUsers),
      leaf('shop-gift-cards', 'nav.giftCards', 'shop/gift-cards', IconCard),
      leaf('shop-gift-liability', 'nav.giftCardLiability', 'shop/gift-cards/liability', IconChart),
      leaf('shop-statistic', 'nav.reports', 'shop/statistic', IconChart),
      leaf('shop-activity', 'nav.activity', 'shop/activity', IconList),
      leaf('shop-exceptions', 'nav.exceptions', 'shop/exceptions', IconAlert),
    ],
  },
  {
    ...leaf('account', 'nav.account', 'profile', IconUser),
    children: [
      leaf('profile', 'nav.profile', 'profile', IconUser),
      leaf('profile-store', 'nav.stores', 'profile/store', IconStore),
      leaf('profile-security', 'nav.security', 'profile/security', IconLock),
      leaf('profile-printers', 'nav.printers', 'profile/printers', IconPrinter),
    ],
  },
];

/** Every item that leads somewhere on its own (groups excluded), for favourites lookup. */
export const NAV_LEAVES: NavItem[] = NAV_ITEMS.flatMap((i) => i.children ?? [i]);
