import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_TABS, useUi, type HomeTab } from '../../lib/ui-store.ts';
import { IconBox, IconCart, IconTruck } from '../../components/icons.tsx';
import { paths } from '../../app/paths.ts';

const ICONS = { CARGO: IconTruck, INVENTORY: IconBox, SHOP: IconCart } as const;

interface Props {
  store: string;
  /** 'bar' is the phone's bottom bar; 'header' sits in the desktop header. */
  variant: 'bar' | 'header';
}

/** CARGO / INVENTORY / SHOP. Choosing one while off home returns to home (original.md §2). */
export function SectionTabs({ store, variant }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const activeTab = useUi((s) => s.activeTab);
  const setActiveTab = useUi((s) => s.setActiveTab);
  const onHome = decodeURIComponent(pathname).replace(/\/$/, '') === paths.store(store);

  const choose = (value: string | null) => {
    if (!value) return;
    setActiveTab(value as HomeTab);
    if (!onHome) navigate(paths.store(store));
  };

  return (
    <Tabs
      // Off home no tab is selected, so every tab stays clickable and leads back home.
      value={onHome ? activeTab : null}
      onChange={choose}
      variant={variant === 'bar' ? 'default' : 'pills'}
      radius="md"
      h="100%"
      activateTabWithKeyboard={false}
    >
      <Tabs.List grow={variant === 'bar'} h="100%" aria-label={t('shell.sections')} style={{ flexWrap: 'nowrap' }}>
        {HOME_TABS.map((tab) => {
          const Icon = ICONS[tab];
          return (
            <Tabs.Tab
              key={tab}
              value={tab}
              fw={700}
              fz={variant === 'bar' ? 12 : 14}
              leftSection={<Icon size={variant === 'bar' ? 22 : 18} />}
              styles={
                variant === 'bar'
                  ? {
                      tab: {
                        flexDirection: 'column',
                        justifyContent: 'center',
                        gap: 3,
                        height: '100%',
                        paddingBlock: 6,
                      },
                      tabSection: { marginInlineEnd: 0 },
                    }
                  : undefined
              }
            >
              {t(`tabs.${tab}`)}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
    </Tabs>
  );
}
