import type { ComponentType } from 'react';
import type { HomeTab } from '../../lib/ui-store.ts';
import { IconCash, IconChart, IconGrid, IconList, IconPlus, IconReceipt, IconTruck } from '../../components/icons.tsx';

export interface HomeCardDef {
  /** i18n prefix with `.title` and `.text` (texts of original.md §2). */
  key: string;
  /** Path under `/{store}/` (routes of original.md §2). */
  path: string;
  icon: ComponentType<{ size?: number }>;
}

export interface HomeSectionDef {
  key: string;
  cards: HomeCardDef[];
}

export const HOME_SECTIONS: Record<HomeTab, HomeSectionDef> = {
  CARGO: {
    key: 'home.cargo',
    cards: [
      { key: 'home.createCargo', path: 'cargo/manage/new', icon: IconPlus },
      { key: 'home.manageCargo', path: 'cargo/manage', icon: IconTruck },
    ],
  },
  INVENTORY: {
    key: 'home.inventory',
    cards: [
      { key: 'home.addProduct', path: 'stock/new', icon: IconPlus },
      { key: 'home.list', path: 'stock/list', icon: IconList },
      { key: 'home.catalog', path: 'stock/inventory-catalog', icon: IconGrid },
    ],
  },
  SHOP: {
    key: 'home.shop',
    cards: [
      { key: 'home.counter', path: 'shop/counter', icon: IconCash },
      { key: 'home.transactions', path: 'shop/list', icon: IconReceipt },
      { key: 'home.reports', path: 'shop/statistic', icon: IconChart },
    ],
  },
};
