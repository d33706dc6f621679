import type { ComponentType } from 'react';
import type { HomeTab } from '../../lib/ui-store.ts';
import {
  IconCard,
  IconCash,
  IconChart,
  IconGrid,
  IconList,
  IconPlus,
  IconReceipt,
  IconScan,
  IconTruck,
  IconUsers,
} from '../../components/icons.tsx';

export interface HomeCardDef {
  /** i18n prefix with `.title` and `.text` (texts of original.md §2). */
  key: string;
  /** Path under `/{store}/` (routes of original.md §2). */
  path: string;
  icon: ComponentType<{ size?: number }>;
  /**
   * False while the section's screens are not built: the card shows "coming soon" and does not
   * open. Flip it when the screen lands (app/router.tsx lists the routes that exist).
   */
  ready: boolean;
}

export interface HomeSectionDef {
  key: string;
  cards: HomeCardDef[];
}

export const HOME_SECTIONS: Record<HomeTab, HomeSectionDef> = {
  CARGO: {
    key: 'home.cargo',
    cards: [
      { key: 'home.createCargo', path: 'cargo/manage/new', icon: IconPlus, ready: true },
      { key: 'home.manageCargo', path: 'cargo/manage', icon: IconTruck, ready: true },
    ],
  },
  INVENTORY: {
    key: 'home.inventory',
    cards: [
      // Not among original.md's cards: scanning is what a shop does most, so it gets a shortcut.
      { key: 'home.scan', path: 'stock/scan', icon: IconScan, ready: true },
      { key: 'home.addProduct', path: 'stock/new', icon: IconPlus, ready: true },
      { key: 'home.list', path: 'stock/list', icon: IconList, ready: true },
      { key: 'home.catalog', path: 'stock/inventory-catalog', icon: IconGrid, ready: true },
    ],
  },
  SHOP: {
    key: 'home.shop',
    cards: [
      { key: 'home.counter', path: 'shop/counter', icon: IconCash, ready: true },
      { key: 'home.transactions', path: 'shop/list', icon: IconReceipt, ready: true },
      { key: 'home.customers', path: 'shop/customers', icon: IconUsers, ready: true },
      { key: 'home.giftCards', path: 'shop/gift-cards', icon: IconCard, ready: true },
      { key: 'home.reports', path: 'shop/statistic', icon: IconChart, ready: true },
    ],
  },
};
