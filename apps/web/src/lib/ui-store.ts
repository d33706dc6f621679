import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const HOME_TABS = ['CARGO', 'INVENTORY', 'SHOP'] as const;
export type HomeTab = (typeof HOME_TABS)[number];

interface UiState {
  /** The home tab the user last chose; back from the profile root returns to it. */
  activeTab: HomeTab;
  setActiveTab: (tab: HomeTab) => void;
}

// Per browser tab, not part of the persisted session (whose fields original.md §3 fixes).
export const useUi = create<UiState>()(
  persist((set) => ({ activeTab: 'CARGO', setActiveTab: (activeTab) => set({ activeTab }) }), {
    name: 'shopdesk-ui',
    storage: createJSONStorage(() => sessionStorage),
  }),
);
