import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from '../../lib/router/index.ts';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { HOME_TABS, useUi, type HomeTab } from '../../lib/ui-store.ts';
import { IconBox, IconCart, IconTruck } from '../../components/icons.tsx';
import { paths } from '../../lib/paths.ts';

const ICONS = { CARGO: IconTruck, INVENTORY: IconBox, SHOP: IconCart } as const;

/** The route's top folder under the store names its section: stock/… is INVENTORY, and so on. */
const SECTION_OF: Record<string, HomeTab> = { cargo: 'CARGO', stock: 'INVENTORY', shop: 'SHOP' };

/** The section a store path (as the browser encodes it) belongs to, or null (home, profile…). */
export function sectionOf(pathname: string, store: string): HomeTab | null {
  const rest = pathname.slice(paths.store(store).length).split('/').filter(Boolean);
  return rest[0] ? (SECTION_OF[rest[0]] ?? null) : null;
}

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
  // At home the chosen tab's cards show; elsewhere the tab of the screen's section is highlighted.
  const current = onHome ? activeTab : sectionOf(pathname, store);

  const choose = (value: string | null) => {
    if (!value) return;
    setActiveTab(value as HomeTab);
    if (!onHome) navigate(paths.store(store));
  };

  return (
    <Tabs
      // Choosing a tab, even the highlighted one, off home leads back home to its cards.
      value={current}
      onChange={choose}
      variant={variant === 'bar' ? 'default' : 'pills'}
      // The bottom bar marks its tab on its top edge, the one next to the screen.
      inverted={variant === 'bar'}
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
              aria-current={tab === current ? 'page' : undefined}
              fw={700}
              fz={variant === 'bar' ? 12 : 14}
              className={variant === 'bar' ? 'section-tab-bar' : undefined}
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
